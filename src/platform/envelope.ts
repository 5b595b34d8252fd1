import type { FastifyRequest } from 'fastify';
import type { AppError } from './errors.js';

export interface SuccessBody<T> {
  success: true;
  statusCode: number;
  message: string;
  data: T;
  timestamp: string;
  path: string;
}

/** The request path without its query string, as the envelope's `path` shows it. */
export function requestPath(req: FastifyRequest): string {
  const q = req.url.indexOf('?');
  return q === -1 ? req.url : req.url.slice(0, q);
}

/** Success envelope (SPEC.md §2.1). Set the reply's status to match when it is not 200. */
export function ok<T>(req: FastifyRequest, data: T, message = 'OK', statusCode = 200): SuccessBody<T> {
  return { success: true, statusCode, message, data, timestamp: new Date().toISOString(), path: requestPath(req) };
}

/** Failure envelope (DESIGN.md §3), built from the one error type. */
export function failureBody(path: string, err: AppError) {
  return {
    success: false as const,
    statusCode: err.statusCode,
    message: err.message,
    code: err.code,
    ...(err.errors ? { errors: err.errors } : {}),
    ...(err.data !== undefined ? { data: err.data } : {}),
    timestamp: new Date().toISOString(),
    path,
  };
}
