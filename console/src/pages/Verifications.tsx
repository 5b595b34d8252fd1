import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, ApiError, describeError, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { Button, Cell, Dialog, Empty, ErrorMessage, Loading, PageTitle, SelectField, Table, TextField } from '../components/ui';
import { useEnvironment, withEnv, type Environment } from '../lib/env';
import { formatCount, formatNaira, formatTime } from '../lib/format';
import { buildTypeGroups, isoToLocalInput, localInputToIso, readFilters, RECORD_STATUSES, recordStatus, writeFilters, type RecordFilters, type RecordStatus } from './verificationFilters';

type VerificationRecord = components['schemas']['VerificationRecord'];
type VerificationExport = components['schemas']['VerificationExport'];
type Page = { items: VerificationRecord[]; nextCursor: string | null };
type VerificationType = { type: string; name: string; endpoints: string[] };
type Service = components['schemas']['Service'];
type Estimate = { rowCount: number; estimatedBytes: number; maxRows: number; exceedsLimit: boolean };

const PAGE_SIZE = '50';
const STATUS_LABELS: Record<RecordStatus, string> = { VERIFIED: 'Verified', NOT_VERIFIED: 'Not verified', FAILED: 'Failed (no verdict)' };

/** The list's query for these filters (the URL's values, passed to the API as they are). */
function listQuery(filters: RecordFilters, environment: Environment) {
  return {
    environment,
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

/** Verifications (DESIGN.md §14): the records of the environment, filtered in the URL, paged by cursor, exportable. */
export function Verifications() {
  const environment = useEnvironment();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [exporting, setExporting] = useState(false);

  const types = useQuery({
    queryKey: ['verification-types'],
    queryFn: () => unwrap<VerificationType[]>(api.GET('/v1/lists/verification-types')),
    staleTime: 5 * 60_000,
  });
  // The list's `type` takes service codes; the verification types group them (buildTypeGroups).
  const services = useQuery({ queryKey: ['services'], queryFn: () => unwrap<Service[]>(api.GET('/v1/services')), staleTime: 5 * 60_000 });
  // The API refuses from ≥ to (400 on `from`); said here before asking.
  const rangeError = filters.from && filters.to && new Date(filters.from).getTime() >= new Date(filters.to).getTime() ? 'From must be before To.' : undefined;
  const records = useInfiniteQuery({
    queryKey: ['verifications', environment, filters],
    queryFn: ({ pageParam }) =>
      unwrap<Page>(
        api.GET('/v1/verifications', {
          params: { query: { ...listQuery(filters, environment), limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: !rangeError,
  });

  const setFilter = (patch: Partial<RecordFilters>) => setParams(writeFilters(params, { ...filters, ...patch }), { replace: true });
  const anyFilter = Boolean(filters.type || filters.status || filters.from || filters.to);
  const fieldError = (field: string) =>
    (field === 'from' ? rangeError : undefined) ?? (records.error instanceof ApiError ? records.error.fieldErrors.find((e) => e.field === field)?.message : undefined);
  const filterErrors = records.error instanceof ApiError && records.error.status === 400 && records.error.fieldErrors.some((e) => ['type', 'status', 'from', 'to'].includes(e.field));
  const items = records.data?.pages.flatMap((p) => p.items) ?? [];
  const typeGroups = buildTypeGroups(types.data ?? [], services.data ?? [], filters.type);

  return (
    <>
      <PageTitle
        actions={
          <Button onClick={() => setExporting(true)} disabled={Boolean(rangeError)}>
            Export
          </Button>
        }
      >
        Verifications
      </PageTitle>
      <form aria-label="Filters" className="mb-4 grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-5" onSubmit={(e) => e.preventDefault()}>
        <SelectField label="Type" value={filters.type ?? ''} onChange={(e) => setFilter({ type: e.target.value || null })}>
          <option value="">All types</option>
          {typeGroups.map((g, i) => {
            const options = g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ));
            return g.label ? (
              <optgroup key={g.label} label={g.label}>
                {options}
              </optgroup>
            ) : (
              <Fragment key={`ungrouped-${i}`}>{options}</Fragment>
            );
          })}
        </SelectField>
        <SelectField label="Status" value={filters.status ?? ''} onChange={(e) => setFilter({ status: (e.target.value || null) as RecordStatus | null })}>
          <option value="">All statuses</option>
          {RECORD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="From"
          type="datetime-local"
          step={1}
          value={isoToLocalInput(filters.from)}
          onChange={(e) => setFilter({ from: localInputToIso(e.target.value) })}
          error={fieldError('from')}
        />
        <TextField
          label="To"
          type="datetime-local"
          step={1}
          value={isoToLocalInput(filters.to)}
          onChange={(e) => setFilter({ to: localInputToIso(e.target.value) })}
          error={fieldError('to')}
        />
        <div>
          <Button tone="secondary" disabled={!anyFilter} onClick={() => setFilter({ type: null, status: null, from: null, to: null })}>
            Clear filters
          </Button>
        </div>
      </form>
      {services.error ? <ErrorMessage error={services.error} /> : null}
      {rangeError || (filterErrors && !records.data) ? (
        <p role="alert" className="text-sm text-red-700">
          Fix the filters above: {rangeError ?? describeError(records.error)}
        </p>
      ) : records.error && !records.data ? (
        <ErrorMessage error={records.error} />
      ) : !records.data ? (
        <Loading what="verifications" />
      ) : items.length === 0 ? (
        <Empty>{anyFilter ? 'No verification matches these filters.' : `No ${environment} verifications yet.`}</Empty>
      ) : (
        <>
          <Table caption={`Verifications (${environment})`} headers={['Time', 'Type', 'Status', 'Identifier', 'Charged (₦)', 'API key', 'Request ID']}>
            {items.map((r) => (
              <tr key={r.id}>
                <Cell>
                  <Link to={withEnv(`/verifications/${encodeURIComponent(r.id)}`, environment)} className="text-emerald-800 underline hover:text-emerald-950" aria-label={`${formatTime(r.createdAt)}, verification ${r.id}`}>
                    {formatTime(r.createdAt)}
                  </Link>
                </Cell>
                <Cell>{r.type}</Cell>
                <Cell>{recordStatus(r)}</Cell>
                <Cell className="font-mono">
                  <span className="mr-1 text-xs text-slate-500">{r.identifierType}</span>
                  {r.identifier}
                </Cell>
                <Cell>{r.charged ? formatNaira(r.chargeAmount) : 'Not charged'}</Cell>
                <Cell className="font-mono text-xs">{r.apiKeyId}</Cell>
                <Cell className="font-mono text-xs">{r.requestId}</Cell>
              </tr>
            ))}
          </Table>
          <div className="mt-4 flex items-center gap-3">
            {records.hasNextPage && (
              <Button tone="secondary" onClick={() => void records.fetchNextPage()} disabled={records.isFetchingNextPage}>
                {records.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            )}
            <span className="text-sm text-slate-600" role="status">
              {formatCount(items.length)} shown{records.hasNextPage ? '' : ', no more'}
            </span>
          </div>
          {records.error && <ErrorMessage error={records.error} />}
        </>
      )}
      {exporting && <ExportDialog filters={filters} environment={environment} onClose={() => setExporting(false)} />}
    </>
  );
}

/** "Export": the format, the current filters and environment; then a link to the Exports page. */
function ExportDialog({ filters, environment, onClose }: { filters: RecordFilters; environment: Environment; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const estimate = useQuery({
    queryKey: ['export-estimate', format, environment, filters],
    queryFn: () => unwrap<Estimate>(api.GET('/v1/verifications/export-estimate', { params: { query: { format, ...listQuery(filters, environment) } } })),
  });
  const create = useMutation({
    mutationFn: () =>
      unwrap<VerificationExport>(
        api.POST('/v1/verifications/exports', {
          body: {
            format,
            filters: {
              environment,
              ...(filters.type ? { type: filters.type.split(',').filter(Boolean) } : {}),
              ...(filters.status ? { status: [filters.status] } : {}),
              ...(filters.from ? { from: filters.from } : {}),
              ...(filters.to ? { to: filters.to } : {}),
            },
          },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['exports'] }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const err = create.error;
  const errorText =
    err instanceof ApiError && err.code === 'CONCURRENCY_LIMITED'
      ? 'Two exports are already being prepared. Wait for one to finish, then try again.'
      : err instanceof ApiError && err.fieldErrors.length > 0
        ? err.fieldErrors.map((f) => `${f.field}: ${f.message}`).join(' ')
        : err
          ? describeError(err)
          : null;
  const summary = [
    `Environment: ${environment}`,
    filters.type ? `type ${filters.type}` : 'every type',
    filters.status ? `status ${STATUS_LABELS[filters.status].toLowerCase()}` : 'every status',
    filters.from ? `from ${formatTime(filters.from)}` : null,
    filters.to ? `to ${formatTime(filters.to)}` : 'up to now',
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={create.data ? 'Export requested' : 'Export verifications'} description={create.data ? undefined : summary}>
      {create.data ? (
        <div className="flex flex-col gap-3">
          <p role="status" className="text-sm text-slate-700">
            Your {create.data.format.toUpperCase()} export of {formatCount(create.data.rowCount)} records is being prepared. Download it from the Exports page when it is ready.
          </p>
          <div className="flex justify-end gap-2">
            <Button tone="secondary" onClick={onClose}>
              Close
            </Button>
            <Link to={withEnv('/exports', environment)} className="inline-flex items-center rounded-md bg-emerald-700 px-3 py-2 text-sm font-medium text-white hover:bg-emerald-800">
              Go to Exports
            </Link>
          </div>
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <SelectField label="Format" value={format} onChange={(e) => setFormat(e.target.value as 'csv' | 'xlsx')}>
            <option value="csv">CSV</option>
            <option value="xlsx">XLSX</option>
          </SelectField>
          <p className="text-sm text-slate-600" role="status">
            {estimate.error
              ? 'The number of records could not be estimated.'
              : !estimate.data
                ? 'Counting records…'
                : estimate.data.exceedsLimit
                  ? `${formatCount(estimate.data.rowCount)} records match: more than the ${formatCount(estimate.data.maxRows)} an export can hold. Narrow the filters.`
                  : `${formatCount(estimate.data.rowCount)} records will be exported.`}
          </p>
          {errorText && (
            <p role="alert" className="text-sm text-red-700">
              {errorText}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button tone="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || estimate.data?.exceedsLimit === true}>
              Start export
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
