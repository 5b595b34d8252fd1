import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { Button, Cell, Empty, ErrorMessage, Loading, PageTitle, Table } from '../components/ui';
import { useEnvironment, withEnv } from '../lib/env';
import { formatCount, formatTime } from '../lib/format';
import { fileNameFrom } from './verificationFilters';

type VerificationExport = components['schemas']['VerificationExport'];
type Page = { items: VerificationExport[]; nextCursor: string | null };

const ACTIVE = new Set<VerificationExport['status']>(['PENDING', 'RUNNING']);
const STATUS_LABELS: Record<VerificationExport['status'], string> = {
  PENDING: 'Pending',
  RUNNING: 'Running',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
};

function formatBytes(n: number | null): string {
  if (n === null) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** Fetches the file with the session's token (never a URL with a credential) and saves it under its own name. */
async function download(exp: VerificationExport): Promise<void> {
  const result = await api.GET('/v1/verifications/exports/{id}/download', { params: { path: { id: exp.id } }, parseAs: 'blob' });
  // An error keeps the envelope: unwrap turns it into an ApiError (409 not ready, 410 expired …).
  if (!result.response.ok || !(result.data instanceof Blob)) await unwrap(Promise.resolve(result));
  const blob = result.data as Blob;
  const name = fileNameFrom(result.response.headers.get('content-disposition'), exp.fileName ?? `verifications-${exp.id}.${exp.format}`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Exports (DESIGN.md §14): the organisation's exports; jobs in progress refresh by themselves; "Download" when COMPLETED. */
export function Exports() {
  const environment = useEnvironment();
  const exports = useInfiniteQuery({
    queryKey: ['exports'],
    queryFn: ({ pageParam }) => unwrap<Page>(api.GET('/v1/verifications/exports', { params: { query: { limit: '50', ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Jobs PENDING or RUNNING: refreshed every 2 s until none is left.
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.items.some((e) => ACTIVE.has(e.status))) ? 2000 : false),
  });
  const save = useMutation({ mutationFn: download });
  const items = exports.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <PageTitle>Exports</PageTitle>
      <p className="mb-4 text-sm text-slate-600">
        Request an export from the{' '}
        <Link to={withEnv('/verifications', environment)} className="text-emerald-800 underline hover:text-emerald-950">
          Verifications
        </Link>{' '}
        page. Files are kept for 7 days after they are ready.
      </p>
      {save.error && (
        <div className="mb-4">
          <ErrorMessage error={save.error} />
        </div>
      )}
      {exports.error && !exports.data ? (
        <ErrorMessage error={exports.error} />
      ) : !exports.data ? (
        <Loading what="exports" />
      ) : items.length === 0 ? (
        <Empty>No exports yet. Use "Export" on the Verifications page.</Empty>
      ) : (
        <>
          <Table caption="Exports" headers={['Status', 'Format', 'Rows', 'Created', 'Environment', 'File', 'Actions']}>
            {items.map((e) => (
              <tr key={e.id}>
                <Cell>
                  <div className="flex items-center gap-2">
                    <span>{STATUS_LABELS[e.status]}</span>
                    {ACTIVE.has(e.status) && (
                      <>
                        <progress max={100} value={e.progress} aria-label={`Progress of export ${e.id}`} className="h-2 w-24" />
                        <span className="text-xs text-slate-600">{e.progress}%</span>
                      </>
                    )}
                    {e.status === 'FAILED' && e.error && <span className="text-xs text-red-700">{e.error.message}</span>}
                  </div>
                </Cell>
                <Cell>{e.format.toUpperCase()}</Cell>
                <Cell>{ACTIVE.has(e.status) && e.status === 'RUNNING' ? `${formatCount(e.processedRows)} / ${formatCount(e.rowCount)}` : formatCount(e.rowCount)}</Cell>
                <Cell>{formatTime(e.createdAt)}</Cell>
                <Cell>{e.filters.environment}</Cell>
                <Cell>
                  {e.fileName ? (
                    <span className="font-mono text-xs">
                      {e.fileName} <span className="text-slate-500">{formatBytes(e.fileSize)}</span>
                    </span>
                  ) : (
                    '—'
                  )}
                  {e.expiresAt && <span className="block text-xs text-slate-500">{e.status === 'EXPIRED' ? 'Expired' : 'Expires'} {formatTime(e.expiresAt)}</span>}
                </Cell>
                <Cell>
                  {e.status === 'COMPLETED' && (
                    <Button
                      tone="secondary"
                      onClick={() => save.mutate(e)}
                      disabled={save.isPending && save.variables?.id === e.id}
                      aria-label={`Download ${e.fileName ?? e.id}`}
                    >
                      Download
                    </Button>
                  )}
                </Cell>
              </tr>
            ))}
          </Table>
          <div className="mt-4 flex items-center gap-3">
            {exports.hasNextPage && (
              <Button tone="secondary" onClick={() => void exports.fetchNextPage()} disabled={exports.isFetchingNextPage}>
                {exports.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            )}
          </div>
          {exports.error && <ErrorMessage error={exports.error} />}
        </>
      )}
    </>
  );
}
