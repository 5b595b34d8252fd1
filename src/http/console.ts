import { stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { App } from '../platform/http-types.js';
import type { Logger } from '../platform/logger.js';
import { validationError } from '../platform/errors.js';
import { sendFailure } from '../platform/http-errors.js';

/**
 * The web console (DESIGN.md §14), as `npm run build` leaves it: `index.html` and content-hashed
 * `assets/…`. From src/http/ and from dist/http/ alike this is the repository's dist/console/.
 */
export const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../dist/console/', import.meta.url));

/**
 * The console's policy: everything from this origin, no inline script, never framed, no <base>.
 * Styles also allow inline <style> elements: Tailwind's CSS is a file, but Radix's dialogs and selects
 * (react-remove-scroll-bar, the select viewport) insert <style> elements at run time, and a refused one
 * breaks scroll locking and prints a CSP error on every dialog. What such a style could leak has nowhere
 * to go: images, fonts and fetches are this origin only.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** The headers of every console answer (its pages, assets and the not-built page); never of the API's. */
export const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/** Content-hashed build output: the same name is the same bytes for ever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files beside it (favicon.svg): revalidated on every use (ETag). */
const REVALIDATE = 'no-cache';

/**
 * Paths the API owns: an unknown path under one of them is the API's 404 envelope whatever the caller
 * accepts. (`/metrics` is on its own listener and the simulator's paths on the simulator's: neither is here.)
 */
const API_PATHS = ['/v1', '/healthz', '/readyz', '/docs', '/openapi.json', '/postman.json'];

const NOT_BUILT = 'The web console is not built. Run `npm run build`, then restart the server (`npm start` does both).\n';

export interface ConsoleOptions {
  /** The built console; DEFAULT_CONSOLE_DIR unless a test points elsewhere. */
  dir?: string | URL;
  logger: Logger;
}

export interface ConsolePages {
  /** The directory served. */
  dir: string;
  /** Whether `index.html` is there now. */
  built(): boolean;
  /**
   * The app's not-found handler asks this first: true when it answered (a page, an asset, a file, the
   * not-built page or a 400 for a malformed path), false to leave the request to the 404 envelope.
   */
  notFound(req: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

const consoles = new WeakMap<object, ConsolePages>();

/** The console an app serves (the banner lists it once built); null for an app built without one. */
export function consoleOf(app: App): ConsolePages | null {
  return consoles.get(app) ?? null;
}

/**
 * Serves the console from the app's not-found path: nothing is added to the route table, so the API's
 * routes, its 404 envelope, the OpenAPI inventory and the metrics labels stay what they were, and a
 * console answer is only ever made for a GET or HEAD that no API route matched. Files are sent by
 * @fastify/static (ETag, Last-Modified, 304, ranges); this module decides which file, if any.
 */
export async function installConsole(app: App, options: ConsoleOptions): Promise<ConsolePages> {
  const given = options.dir ?? DEFAULT_CONSOLE_DIR;
  const dir = resolve(typeof given === 'string' ? given : fileURLToPath(given));
  const index = resolve(dir, 'index.html');
  // Only reply.sendFile: which path means which file is decided below, never by the plugin's routes.
  // preCompressed: a file's .br or .gz twin (written by the console's build) goes to a browser that accepts it.
  await app.register(fastifyStatic, { serve: false, preCompressed: true });
  if (!existsSync(index)) {
    options.logger.warn(`the web console is not built (${index} is missing): GET / answers 503 until \`npm run build\` is run`);
  }

  const pages: ConsolePages = {
    dir,
    built: () => existsSync(index),
    async notFound(req, reply) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const raw = pathOf(req.url);
      if (isApiPath(raw)) return false;
      const path = decodePath(raw);
      if (path === null) {
        sendFailure(req, reply, validationError([{ field: 'url', message: 'is not a valid URL' }], 'The request URL is malformed'));
        return true;
      }
      // `/%761/nope` is /v1/nope too.
      if (isApiPath(path)) return false;
      const file = path.endsWith('/') ? null : await fileAt(dir, path);
      if (file !== null) {
        sendConsoleFile(reply, dir, file, path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
        return true;
      }
      // A missing asset is a 404, never the page: a stale index.html asking for it must see it fail.
      if (path === '/assets' || path.startsWith('/assets/') || !acceptsHtml(req.headers.accept)) return false;
      if (!(await isFile(index))) {
        reply.code(503).headers(CONSOLE_HEADERS).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
        return true;
      }
      // A client-side route (/verifications/ver_1, /login?next=/wallet): the app decides what it shows.
      sendConsoleFile(reply, dir, 'index.html', REVALIDATE);
      return true;
    },
  };
  consoles.set(app, pages);
  return pages;
}

function sendConsoleFile(reply: FastifyReply, root: string, file: string, cacheControl: string): void {
  reply.headers(CONSOLE_HEADERS).header('cache-control', cacheControl);
  // cacheControl: false, so send's own max-age=0 does not replace the one above.
  reply.sendFile(file, root, { cacheControl: false, dotfiles: 'deny', index: false });
}

const isApiPath = (path: string) => API_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** The decoded path, or null when it is malformed: bad percent-encoding, NUL or another control character. */
function decodePath(raw: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return /[\u0000-\u001f\u007f]/.test(path) ? null : path;
}

/**
 * The file of the console a decoded path names, relative to its directory, or null. Only plain paths
 * name a file: no `.`/`..`/empty segment, no backslash, no dotfile; and the result must lie inside `dir`.
 */
async function fileAt(dir: string, path: string): Promise<string | null> {
  const segments = path.split('/').slice(1);
  if (segments.some((s) => s === '' || s.startsWith('.') || s.includes('\\'))) return null;
  const full = resolve(dir, ...segments);
  if (!full.startsWith(dir + sep)) return null;
  return (await isFile(full)) ? segments.join('/') : null;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Whether an Accept header names text/html (with a non-zero q): a browser navigating, not `*\/*` from curl or fetch. */
export function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    if (type !== 'text/html') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
