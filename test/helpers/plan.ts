import { CompiledQuery, type Kysely } from 'kysely';

/** PostgreSQL's plan (EXPLAIN) of exactly the statement a query builder compiles, as one text. */
export async function explain(db: Kysely<any>, query: CompiledQuery): Promise<string> {
  const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]));
  return rows.map((r) => String(Object.values(r)[0])).join('\n');
}
