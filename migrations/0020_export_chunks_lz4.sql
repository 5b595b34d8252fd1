-- An export's chunks compressed with lz4 where the server has it (PostgreSQL 14+ built with lz4, as
-- Debian's and most packaged servers are), instead of the default pglz.
--
-- Each stored chunk is about 1 MiB of CSV or XLSX and TOAST compresses it on insert. With pglz that
-- took 14-17 ms of the database's CPU a chunk, with lz4 4-6 ms, for about the same size (a CSV chunk:
-- 139 KB against 150 KB). Chunks are stored while the writer formats the next rows, so the database's
-- side bounded a CSV export's speed (bench/records.js). Only new rows are affected; old chunks read as
-- before. The embedded database is built without lz4: it keeps pglz.
DO $$
BEGIN
  ALTER TABLE export_chunks ALTER COLUMN bytes SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
