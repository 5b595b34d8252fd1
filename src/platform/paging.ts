import { Type } from '@sinclair/typebox';
import { sql, type RawBuilder } from 'kysely';
import { validationError } from './errors.js';
import { withMessage } from './typebox.js';

/** `?limit` as DESIGN.md §10 has it: an integer 1–100, default 20; anything else is 400, never clamped. */
export const LimitQuery = Type.Optional(
  Type.String({ pattern: '^(100|[1-9][0-9]?)$', description: '1–100, default 20', ...withMessage('must be an integer from 1 to 100') }),
);
export const CursorQuery = Type.Optional(
  Type.String({ maxLength: 200, description: 'nextCursor of the previous page', ...withMessage('is not a valid cursor') }),
);

export interface Position {
  createdAt: Date;
  id: string;
}

export function pageLimit(raw: string | undefined): number {
  return raw === undefined ? 20 : Number(raw);
}

/** An opaque cursor: the position of the last item returned (newest first by createdAt, then id). */
export function encodeCursor(p: Position): string {
  return Buffer.from(JSON.stringify([p.createdAt.toISOString(), p.id])).toString('base64url');
}

export function decodeCursor(raw: string | undefined): Position | null {
  if (raw === undefined) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') {
      const createdAt = new Date(parsed[0]);
      if (!Number.isNaN(createdAt.getTime())) return { createdAt, id: parsed[1] };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw validationError([{ field: 'cursor', message: 'is not a valid cursor' }], 'The query parameters are invalid');
}

/** Cuts one extra row off a `limit + 1` query and makes the next cursor (null exactly when nothing follows). */
export function toPage<T>(rows: T[], limit: number, position: (row: T) => Position): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const nextCursor = rows.length > limit && items.length > 0 ? encodeCursor(position(items[items.length - 1]!)) : null;
  return { items, nextCursor };
}

/** Rows after a position in newest-first order: `(created_at, id) < (…)`, served by the (created_at, id) indexes. */
export function olderThan(position: Position): RawBuilder<boolean> {
  return sql<boolean>`(created_at, id) < (${position.createdAt}, ${position.id})`;
}

/** Rows up to a position in newest-first order, it included: `(created_at, id) >= (…)`, the other end of a range with olderThan. */
export function notOlderThan(position: Position): RawBuilder<boolean> {
  return sql<boolean>`(created_at, id) >= (${position.createdAt}, ${position.id})`;
}
