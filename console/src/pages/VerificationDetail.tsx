import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { Cell, Empty, ErrorMessage, Loading, PageTitle, Table } from '../components/ui';
import { useEnvironment, withEnv } from '../lib/env';
import { formatNaira, formatTime } from '../lib/format';
import { recordStatus } from './verificationFilters';

type VerificationRecord = components['schemas']['VerificationRecord'];
type Event = components['schemas']['Event'];
type Delivery = components['schemas']['WebhookDelivery'];

const none = <span className="text-slate-500">—</span>;
const text = (v: string | null | undefined): ReactNode => (v === null || v === undefined || v === '' ? none : v);

/** One verification record (DESIGN.md §14): every field of the record view, its original when a replay, its event and deliveries. */
export function VerificationDetail() {
  const { id = '' } = useParams();
  const record = useQuery({
    queryKey: ['verification', id],
    queryFn: () => unwrap<VerificationRecord>(api.GET('/v1/verifications/{id}', { params: { path: { id } } })),
    enabled: id !== '',
  });

  return (
    <>
      <PageTitle>{id}</PageTitle>
      {record.error ? <ErrorMessage error={record.error} /> : !record.data ? <Loading what="the verification" /> : <RecordView record={record.data} />}
    </>
  );
}

function RecordView({ record: r }: { record: VerificationRecord }) {
  const env = useEnvironment();
  const fields: Array<[string, ReactNode]> = [
    ['ID', <span className="font-mono">{r.id}</span>],
    ['Time', formatTime(r.createdAt)],
    ['Type', r.type],
    ['Endpoint', <span className="font-mono">{r.endpoint}</span>],
    ['Environment', r.environment],
    ['Status', recordStatus(r)],
    ['Verification status', text(r.verificationStatus)],
    ['Error code', text(r.errorCode)],
    ['HTTP status', String(r.httpStatus)],
    ['Charged', r.charged ? 'Yes' : 'No'],
    ['Charge amount', formatNaira(r.chargeAmount)],
    ['Reference ID', text(r.referenceId)],
    ['Identifier type', r.identifierType],
    ['Identifier', <span className="font-mono">{r.identifier}</span>],
    ['Purpose', text(r.purpose)],
    ['Request reason', text(r.requestReason)],
    ['API key', <span className="font-mono">{r.apiKeyId}</span>],
    ['Request ID', <span className="font-mono">{r.requestId}</span>],
    ['Duration', `${r.durationMs} ms`],
    [
      'Replay of',
      r.replayOf ? (
        <Link to={withEnv(`/verifications/${encodeURIComponent(r.replayOf)}`, env)} className="font-mono text-emerald-800 underline hover:text-emerald-950">
          {r.replayOf}
        </Link>
      ) : (
        none
      ),
    ],
    ...(r.resolvedBy ? ([['Resolved by', r.resolvedBy]] as Array<[string, ReactNode]>) : []),
  ];

  return (
    <>
      <p className="mb-4">
        <Link to={withEnv('/verifications', env)} className="text-sm text-emerald-800 underline hover:text-emerald-950">
          Back to verifications
        </Link>
      </p>
      <section aria-labelledby="record-fields" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="record-fields" className="mb-3 text-base font-semibold">
          Record
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {fields.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="break-all text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <RecordEvents record={r} />
    </>
  );
}

/**
 * The record's verification.completed event and its deliveries. GET /v1/events has no filter by
 * record, but the event is stamped with the record's own createdAt (written in the same
 * transaction), so it is found in the one-millisecond window [createdAt, createdAt + 1 ms) of the
 * record's environment and matched on data.id. Events are kept 30 days.
 */
function RecordEvents({ record }: { record: VerificationRecord }) {
  const events = useQuery({
    queryKey: ['verification-events', record.id],
    queryFn: async () => {
      const at = new Date(record.createdAt).getTime();
      const matches: Event[] = [];
      let cursor: string | null = null;
      // A handful of pages at most: only records settled in the very same millisecond share the window.
      for (let page = 0; page < 5; page++) {
        const data: { items: Event[]; nextCursor: string | null } = await unwrap(
          api.GET('/v1/events', {
            params: {
              query: {
                type: 'verification.completed',
                environment: record.environment,
                from: new Date(at).toISOString(),
                to: new Date(at + 1).toISOString(),
                limit: '100',
                ...(cursor ? { cursor } : {}),
              },
            },
          }),
        );
        matches.push(...data.items.filter((e) => e.data.id === record.id));
        cursor = data.nextCursor;
        if (!cursor) break;
      }
      return matches;
    },
  });

  return (
    <section aria-labelledby="record-events" className="mt-6">
      <h2 id="record-events" className="mb-3 text-base font-semibold">
        Events
      </h2>
      {events.error ? (
        <ErrorMessage error={events.error} />
      ) : !events.data ? (
        <Loading what="events" />
      ) : events.data.length === 0 ? (
        <Empty>No event for this record: events are kept for 30 days.</Empty>
      ) : (
        events.data.map((e) => <EventDeliveries key={e.id} event={e} />)
      )}
    </section>
  );
}

function EventDeliveries({ event }: { event: Event }) {
  const env = useEnvironment();
  const deliveries = useQuery({
    queryKey: ['event-deliveries', event.id],
    queryFn: () => unwrap<Delivery[]>(api.GET('/v1/events/{id}/deliveries', { params: { path: { id: event.id } } })),
  });

  return (
    <div className="mb-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="text-sm font-semibold">
        {event.type} <span className="font-mono font-normal text-slate-600">{event.id}</span>
      </h3>
      <p className="mb-3 text-sm text-slate-600">
        {formatTime(event.createdAt)} · {event.environment}
      </p>
      {deliveries.error ? (
        <ErrorMessage error={deliveries.error} />
      ) : !deliveries.data ? (
        <Loading what="deliveries" />
      ) : deliveries.data.length === 0 ? (
        <Empty>No webhook endpoint was subscribed to this event.</Empty>
      ) : (
        <Table caption={`Deliveries of ${event.id}`} headers={['Endpoint', 'Status', 'Attempts', 'Last response', 'Last attempt', 'Next attempt']}>
          {deliveries.data.map((d) => (
            <tr key={d.id}>
              <Cell>
                <Link to={withEnv(`/webhooks/${encodeURIComponent(d.endpointId)}`, env)} className="font-mono text-xs text-emerald-800 underline hover:text-emerald-950">
                  {d.endpointId}
                </Link>
              </Cell>
              <Cell>{d.status}</Cell>
              <Cell>{d.attemptCount}</Cell>
              <Cell>{d.lastResponseStatus ?? '—'}</Cell>
              <Cell>{formatTime(d.lastAttemptAt)}</Cell>
              <Cell>{formatTime(d.nextAttemptAt)}</Cell>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
