import { Type } from '@sinclair/typebox';
import { CursorQuery, LimitQuery } from '../platform/paging.js';
import { StrictObject, StringEnum } from '../platform/typebox.js';
import { RECORD_STATUSES, RecordFilterQueryProperties, RecordFiltersBody } from '../records/filters.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);
const NullableTime = (description: string) => Type.Union([Type.String({ format: 'date-time', examples: ['2026-11-22T09:00:00.000Z'] }), Type.Null()], { description });
const ExportFormat = StringEnum(['csv', 'xlsx'] as const, { description: 'csv or xlsx' });

export const ExportRequestBody = StrictObject({
  format: ExportFormat,
  filters: Type.Optional(RecordFiltersBody),
});

export const ExportIdParams = StrictObject({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'The export id (`exp_…`)', examples: ['exp_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
});

export const ExportListQuery = StrictObject({ limit: LimitQuery, cursor: CursorQuery });

export const EstimateQuery = StrictObject({
  format: Type.Optional(StringEnum(['csv', 'xlsx'] as const, { description: 'csv (default) or xlsx' })),
  ...RecordFilterQueryProperties,
});

export const ExportViewSchema = Type.Object(
  {
    id: Type.String({ description: '`exp_…`', examples: ['exp_01jdq8w2y3n4p5r6s7t8v9w0xa'] }),
    status: StringEnum(['PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const),
    format: ExportFormat,
    filters: Type.Object(
      {
        type: Type.Union([Type.Array(Type.String({ examples: ['NIN_LOOKUP'] })), Type.Null()]),
        status: Type.Union([Type.Array(StringEnum(RECORD_STATUSES)), Type.Null()]),
        environment: StringEnum(['live', 'test'] as const),
        apiKeyId: Nullable(Type.String()),
        from: NullableTime('Inclusive'),
        to: Type.String({ format: 'date-time', examples: ['2026-11-22T09:00:00.000Z'], description: 'Exclusive: the request time when absent or in the future (the snapshot)' }),
      },
      { description: 'The filters, normalised: absent ones null; environment and to always set' },
    ),
    rowCount: Type.Integer({ description: 'Matching records, counted at the request and again when the job starts; from then on the data rows of the file', examples: [1250] }),
    processedRows: Type.Integer({ description: 'Data rows written so far' }),
    progress: Type.Integer({ minimum: 0, maximum: 100, description: 'floor(100 × processedRows / rowCount), at most 99 while RUNNING; 100 when COMPLETED' }),
    fileName: Nullable(Type.String({ description: 'verifications-<id>.csv or .xlsx; from COMPLETED on' })),
    fileSize: Type.Union([Type.Integer(), Type.Null()], { description: 'Bytes; from COMPLETED on' }),
    downloadUrl: Nullable(Type.String({ description: 'A path under the base URL, while COMPLETED' })),
    error: Type.Union([Type.Object({ code: Type.String({ examples: ['INTERNAL_ERROR'] }), message: Type.String() }), Type.Null()], { description: 'FAILED only' }),
    requestedBy: Type.String({ description: 'The `usr_…` who asked for it' }),
    createdAt: Type.String({ format: 'date-time', examples: ['2026-11-22T09:00:00.000Z'] }),
    startedAt: NullableTime('When a worker first claimed it'),
    completedAt: NullableTime('When it was COMPLETED or FAILED'),
    expiresAt: NullableTime('completedAt + 7 days, COMPLETED and EXPIRED only'),
  },
  { title: 'VerificationExport', description: 'An export of verification records (DESIGN.md §10.2).' },
);

export const ExportPage = Type.Object({ items: Type.Array(ExportViewSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) });

export const EstimateView = Type.Object({
  rowCount: Type.Integer({ description: 'Exact at the moment of the call, counted as the export would count it', examples: [1250] }),
  estimatedBytes: Type.Integer({ description: 'Indicative only: rowCount × an average row size for the format, plus the header' }),
  maxRows: Type.Integer({ examples: [1000000] }),
  exceedsLimit: Type.Boolean({ description: 'rowCount > maxRows: such an export is refused (400)' }),
});

/** The file's 200: declared by media type (it is the file, not the envelope). */
export const DownloadResponse = {
  description: 'The file itself (not the envelope), with Content-Disposition: attachment; filename="<fileName>", Content-Length and Cache-Control: no-store.',
  content: {
    'text/csv': { schema: { type: 'string', description: 'RFC 4180 CSV, UTF-8, CRLF (DESIGN.md §10.2)' } },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: 'One sheet, Verifications' } },
  },
};
