import { isUtf8 } from 'node:buffer';
import type { App } from './http-types.js';
import { validationError } from './errors.js';

/**
 * JSON bodies are read as bytes and checked to be UTF-8 before parsing, so a body that is not says so.
 * (Read as text, its invalid bytes became replacement characters and it failed the Content-Length check.)
 * Parsing itself is Fastify's own, which refuses `__proto__` and `constructor.prototype` keys.
 */
export function installJsonBodyParser(app: App): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(validationError([{ field: 'body', message: 'is not valid UTF-8' }], 'The request body is not valid UTF-8 text'), undefined);
      return;
    }
    parse(req, bytes.toString('utf8'), done);
  });
}
