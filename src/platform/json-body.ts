import { isUtf8 } from 'node:buffer';
import type { FastifyRequest } from 'fastify';
import type { App } from './http-types.js';
import { validationError } from './errors.js';

/** The 400 of a route that takes a JSON body and was sent an empty one. */
const missingBody = () =>
  validationError([{ field: 'body', message: 'is required: this endpoint takes a JSON object' }], 'The request body is empty; this endpoint takes a JSON object');

const takesBody = (req: FastifyRequest): boolean => (req.routeOptions.schema as { body?: unknown } | undefined)?.body !== undefined;

/**
 * JSON bodies are read as bytes and checked to be UTF-8 before parsing, so a body that is not says so.
 * (Read as text, its invalid bytes became replacement characters and it failed the Content-Length check.)
 * Parsing itself is Fastify's own, which refuses `__proto__` and `constructor.prototype` keys.
 *
 * An empty body with `content-type: application/json` is no body, as most clients send a DELETE or a
 * bodiless POST: a route that takes none accepts it; a route that takes one answers 400 saying the body
 * is empty (with no content type either, the schema check says the body must be a JSON object, after
 * the path and query checks). A non-empty body must be valid JSON.
 */
export function installJsonBodyParser(app: App): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0) {
      done(takesBody(req) ? missingBody() : null, undefined);
      return;
    }
    if (!isUtf8(bytes)) {
      done(validationError([{ field: 'body', message: 'is not valid UTF-8' }], 'The request body is not valid UTF-8 text'), undefined);
      return;
    }
    parse(req, bytes.toString('utf8'), done);
  });
}
