import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { organisationsPage } from '../../src/admin/admin.service.js';
import { describeEachBackend } from '../helpers/harness.js';
import { explain } from '../helpers/plan.js';

/**
 * The platform admin's list of organisations stays a walk of the rows it shows however many
 * organisations there are (migrations/0022): it once read and sorted all of them for every page.
 */
describeEachBackend('admin organisations list: an index walk, newest first', (h) => {
  it('pages through 5,000 organisations by the index, ties on the same instant in id order', async () => {
    const db = h().database.db;
    // Five organisations to each second, so every page boundary falls among rows of one instant.
    await sql`
      INSERT INTO organisations (id, name, created_at, updated_at)
      SELECT 'org_plan_' || lpad(g::text, 5, '0'), 'Plan ' || g, timestamptz '2026-01-01' + (g / 5) * interval '1 second', now()
      FROM generate_series(1, 5000) AS g`.execute(db);
    await sql`ANALYZE organisations`.execute(db);

    const first = await explain(db, organisationsPage(db, 51, null).compile());
    const later = await explain(db, organisationsPage(db, 51, { createdAt: new Date('2026-01-01T00:10:00Z'), id: 'org_plan_03000' }).compile());
    for (const text of [first, later]) {
      expect(text).toMatch(/Index Scan using organisations_newest_first_idx/);
      expect(text).not.toMatch(/Seq Scan|Sort/);
    }

    // And the service's pages, followed by their cursors, are every organisation once, newest first.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await h().services.admin.listOrganisations({ limit: 200, cursor });
      seen.push(...page.items.map((o) => o.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const expected = (
      await db.selectFrom('organisations').select(['id', 'created_at']).execute()
    )
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((o) => o.id);
    expect(seen).toEqual(expected);
    expect(seen.filter((id) => id.startsWith('org_plan_'))).toHaveLength(5000);
    expect(seen.slice(0, 2)).toEqual(['org_plan_05000', 'org_plan_04999']);
  });
});
