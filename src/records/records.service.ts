import type { Kysely } from 'kysely';
import { notFound } from '../platform/errors.js';
import { decodeCursor, toPage } from '../platform/paging.js';
import type { DB } from '../platform/schema.js';
import type { RecordFilters } from './filters.js';
import { findRecord, recordsPage } from './records.repository.js';
import { recordView, type RecordView } from './view.js';

/** Reading verification records (DESIGN.md §10.1): the list and one record, inside one organisation. */
export function createRecordsService(deps: { db: Kysely<DB> }) {
  const { db } = deps;
  return {
    /** A page of records matching the filters, newest first; the cursor is decoded here (400 on `cursor`). */
    async list(organisationId: string, filters: RecordFilters, page: { limit: number; cursor?: string | undefined }): Promise<{ items: RecordView[]; nextCursor: string | null }> {
      const after = decodeCursor(page.cursor);
      const rows = await recordsPage(db, organisationId, filters, page.limit, after);
      const { items, nextCursor } = toPage(rows, page.limit, (r) => ({ createdAt: new Date(r.created_at), id: r.id }));
      return { items: items.map(recordView), nextCursor };
    },

    /** One record of either environment; another organisation's id is 404 exactly like a missing one. */
    async get(organisationId: string, id: string): Promise<RecordView> {
      const row = await findRecord(db, organisationId, id);
      if (!row) throw notFound('No verification record with this id');
      return recordView(row);
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
