import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { useMe } from '../auth/me';
import { OneTimeSecret } from '../components/OneTimeSecret';
import { Button, Cell, Confirm, Dialog, Empty, ErrorMessage, Loading, PageTitle, SelectField, Table } from '../components/ui';
import { useEnvironment, withEnv } from '../lib/env';
import { formatCount, formatTime } from '../lib/format';
import { can } from '../lib/roles';
import { describeEventTypes, describeStatus, useEventTypes, type WebhookEndpoint as Endpoint, type WebhookEndpointWithSecret } from './Webhooks';

type Delivery = components['schemas']['WebhookDelivery'];
type DeliveryWithAttempts = components['schemas']['WebhookDeliveryWithAttempts'];
type EventTypeName = components['schemas']['Event']['type'];
type TriggerResult = { event: components['schemas']['Event']; deliveries: Delivery[] };
interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** One webhook endpoint (DESIGN.md §14, §11.3–11.4): its fields, its deliveries with their attempts, and the writers' controls. */
export function WebhookEndpoint() {
  const { id = '' } = useParams();
  const me = useMe();
  const env = useEnvironment();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayManage = can(me.data?.user.role, 'manageWebhooks');
  const endpoint = useQuery({ queryKey: ['webhook-endpoint', id], queryFn: () => unwrap<Endpoint>(api.GET('/v1/webhooks/endpoints/{id}', { params: { path: { id } } })) });
  const [rotating, setRotating] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const setStatus = useMutation({
    mutationFn: (status: 'ENABLED' | 'DISABLED') => unwrap<Endpoint>(api.PATCH('/v1/webhooks/endpoints/{id}', { params: { path: { id } }, body: { status } })),
    onSuccess: (updated) => {
      queryClient.setQueryData(['webhook-endpoint', id], updated);
      void queryClient.invalidateQueries({ queryKey: ['webhook-endpoints'] });
      void queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', id] });
    },
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/v1/webhooks/endpoints/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      setDeleting(false);
      void queryClient.invalidateQueries({ queryKey: ['webhook-endpoints'] });
      // Its cached reads are left to expire: removing them while the page is still shown would fetch them again (a 404).
      void navigate(withEnv('/webhooks', env), { replace: true });
    },
  });

  const back = (
    <Link to={withEnv('/webhooks', env)} className="text-sm text-emerald-800 underline">
      Back to webhooks
    </Link>
  );

  if (endpoint.error || !endpoint.data) {
    return (
      <>
        <PageTitle>Webhook endpoint</PageTitle>
        {endpoint.error ? <ErrorMessage error={endpoint.error} /> : <Loading what="the webhook endpoint" />}
        <p className="mt-4">{back}</p>
      </>
    );
  }

  const e = endpoint.data;
  const actions = mayManage ? (
    <>
      <Button tone="secondary" onClick={() => setRotating(true)}>
        Rotate secret
      </Button>
      <Button tone="secondary" disabled={setStatus.isPending} onClick={() => setStatus.mutate(e.status === 'ENABLED' ? 'DISABLED' : 'ENABLED')}>
        {e.status === 'ENABLED' ? 'Disable' : 'Enable'}
      </Button>
      <Button tone="danger" onClick={() => setDeleting(true)}>
        Delete
      </Button>
    </>
  ) : undefined;

  return (
    <>
      <p className="mb-2">{back}</p>
      <PageTitle actions={actions}>
        <span className="break-all">{e.url}</span>
      </PageTitle>
      {setStatus.error && <ErrorMessage error={setStatus.error} />}
      <section aria-labelledby="endpoint-fields" className="mb-8 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="endpoint-fields" className="mb-3 text-lg font-semibold">
          Endpoint
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <Field label="ID">
            <span className="font-mono">{e.id}</span>
          </Field>
          <Field label="URL">
            <span className="break-all">{e.url}</span>
          </Field>
          <Field label="Description">{e.description ?? '—'}</Field>
          <Field label="Events">{describeEventTypes(e.eventTypes)}</Field>
          <Field label="Environment">{e.environment}</Field>
          <Field label="Status">{describeStatus(e)}</Field>
          <Field label="Failing since">{formatTime(e.failingSince)}</Field>
          <Field label="Last success">{e.lastSuccessAt ? formatTime(e.lastSuccessAt) : 'Never'}</Field>
          <Field label="Previous secret signs until">{formatTime(e.previousSecretExpiresAt)}</Field>
          <Field label="Created">{formatTime(e.createdAt)}</Field>
          <Field label="Updated">{formatTime(e.updatedAt)}</Field>
        </dl>
      </section>
      {mayManage && env === 'test' && <SendTestEvent endpoint={e} />}
      <Deliveries endpointId={id} mayManage={mayManage} />
      {rotating && <RotateSecret endpointId={id} onClose={() => setRotating(false)} />}
      <Confirm
        open={deleting}
        onOpenChange={(open) => {
          setDeleting(open);
          if (!open) remove.reset();
        }}
        title="Delete this endpoint?"
        description="It stops receiving events at once, its pending attempts stop and its deliveries are deleted. This cannot be undone."
        confirmLabel="Delete endpoint"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
      {remove.error && <ErrorMessage error={remove.error} />}
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}

/** Test mode only: raise a test event of a chosen type, delivered to this endpoint alone. */
function SendTestEvent({ endpoint }: { endpoint: Endpoint }) {
  const queryClient = useQueryClient();
  const eventTypes = useEventTypes();
  const [type, setType] = useState<EventTypeName>('verification.completed');
  const trigger = useMutation({
    mutationFn: () => unwrap<TriggerResult>(api.POST('/v1/events/trigger', { body: { type, endpointId: endpoint.id } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', endpoint.id] }),
  });
  return (
    <section aria-labelledby="test-event" className="mb-8 rounded-lg border border-amber-200 bg-amber-50/50 p-4">
      <h2 id="test-event" className="mb-1 text-lg font-semibold">
        Test event
      </h2>
      <p className="mb-3 text-sm text-slate-600">Raises a test event with sample data and delivers it to this endpoint alone.</p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(ev) => {
          ev.preventDefault();
          trigger.mutate();
        }}
      >
        <SelectField label="Event type" value={type} onChange={(ev) => setType(ev.target.value as EventTypeName)}>
          {(eventTypes.data?.map((t) => t.type) ?? ['verification.completed']).map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={trigger.isPending || endpoint.status !== 'ENABLED'}>
          Send test event
        </Button>
      </form>
      {endpoint.status !== 'ENABLED' && <p className="mt-2 text-sm text-slate-600">Enable the endpoint to send it a test event.</p>}
      {trigger.data && (
        <p role="status" className="mt-2 text-sm text-emerald-800">
          Test event <span className="font-mono">{trigger.data.event.id}</span> sent ({trigger.data.event.type}).
        </p>
      )}
      {trigger.error && (
        <div className="mt-2">
          <ErrorMessage error={trigger.error} />
        </div>
      )}
    </section>
  );
}

/** A new signing secret, shown once; the previous one keeps signing for the default overlap (24 hours). */
function RotateSecret({ endpointId, onClose }: { endpointId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const rotate = useMutation({
    mutationFn: () => unwrap<WebhookEndpointWithSecret>(api.POST('/v1/webhooks/endpoints/{id}/rotate-secret', { params: { path: { id: endpointId } }, body: {} })),
    onSuccess: (updated) => {
      setSecret(updated.secret);
      void queryClient.invalidateQueries({ queryKey: ['webhook-endpoint', endpointId] });
    },
  });
  const close = () => {
    setSecret(null);
    onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={secret ? 'Secret rotated' : 'Rotate secret'}
      description={secret ? undefined : 'A new secret signs from now on; the current one keeps signing alongside it for 24 hours, so receivers can switch over.'}
    >
      {secret ? (
        <OneTimeSecret secret={secret} label="Signing secret" onDone={close} />
      ) : (
        <div className="flex flex-col gap-3">
          {rotate.error && <ErrorMessage error={rotate.error} />}
          <div className="flex justify-end gap-2">
            <Button tone="secondary" onClick={close}>
              Cancel
            </Button>
            <Button disabled={rotate.isPending} onClick={() => rotate.mutate()}>
              Rotate secret
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** The endpoint's deliveries, newest first, paged by cursor; each opens to its attempts. */
function Deliveries({ endpointId, mayManage }: { endpointId: string; mayManage: boolean }) {
  const deliveries = useInfiniteQuery({
    queryKey: ['webhook-deliveries', endpointId],
    queryFn: ({ pageParam }) =>
      unwrap<Page<Delivery>>(api.GET('/v1/webhooks/endpoints/{id}/deliveries', { params: { path: { id: endpointId }, query: pageParam ? { cursor: pageParam } : {} } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Pending deliveries settle by themselves: look again while any is pending.
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.items.some((d) => d.status === 'PENDING')) ? 5000 : false),
  });
  const items = deliveries.data?.pages.flatMap((p) => p.items);
  // The endpoint's health (last success, failing since) changes with its deliveries: read it again with them.
  const queryClient = useQueryClient();
  const updatedAt = deliveries.dataUpdatedAt;
  useEffect(() => {
    if (updatedAt > 0) void queryClient.invalidateQueries({ queryKey: ['webhook-endpoint', endpointId] });
  }, [updatedAt, endpointId, queryClient]);

  return (
    <section aria-labelledby="deliveries">
      <h2 id="deliveries" className="mb-3 text-lg font-semibold">
        Deliveries
      </h2>
      {deliveries.error && !items ? (
        <ErrorMessage error={deliveries.error} />
      ) : !items ? (
        <Loading what="deliveries" />
      ) : items.length === 0 ? (
        <Empty>No deliveries yet. Events of this endpoint&apos;s types appear here as they are sent.</Empty>
      ) : (
        <>
          <Table caption="Deliveries" headers={['Event', 'Type', 'Status', 'Attempts', 'Last attempt', 'Response', 'Actions']}>
            {items.map((d) => (
              <DeliveryRow key={d.id} delivery={d} mayManage={mayManage} />
            ))}
          </Table>
          {deliveries.error && (
            <div className="mt-2">
              <ErrorMessage error={deliveries.error} />
            </div>
          )}
          {deliveries.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button tone="secondary" disabled={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
                {deliveries.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function DeliveryRow({ delivery: d, mayManage }: { delivery: Delivery; mayManage: boolean }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const redeliver = useMutation({
    mutationFn: () => unwrap<Delivery>(api.POST('/v1/webhooks/deliveries/{id}/redeliver', { params: { path: { id: d.id } } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', d.endpointId] });
      void queryClient.invalidateQueries({ queryKey: ['webhook-delivery', d.id] });
    },
  });
  const attemptsId = `attempts-${d.id}`;
  return (
    <>
      <tr>
        <Cell className="font-mono text-xs">{d.eventId}</Cell>
        <Cell>{d.eventType}</Cell>
        <Cell>{d.status}</Cell>
        <Cell>{formatCount(d.attemptCount)}</Cell>
        <Cell>{formatTime(d.lastAttemptAt)}</Cell>
        <Cell>{d.lastResponseStatus ?? '—'}</Cell>
        <Cell>
          <div className="flex gap-2">
            <Button tone="secondary" aria-expanded={open} aria-controls={open ? attemptsId : undefined} aria-label={`${open ? 'Hide' : 'Show'} attempts of ${d.eventId}`} onClick={() => setOpen(!open)}>
              {open ? 'Hide attempts' : 'Attempts'}
            </Button>
            {mayManage && (
              <Button tone="secondary" aria-label={`Redeliver ${d.eventId}`} disabled={redeliver.isPending} onClick={() => redeliver.mutate()}>
                Redeliver
              </Button>
            )}
          </div>
          {redeliver.isSuccess && (
            <p role="status" className="mt-1 text-xs text-emerald-800">
              Redelivery queued.
            </p>
          )}
          {redeliver.error && (
            <div className="mt-1 whitespace-normal">
              <ErrorMessage error={redeliver.error} />
            </div>
          )}
        </Cell>
      </tr>
      {open && (
        <tr id={attemptsId}>
          <td colSpan={7} className="bg-slate-50 px-3 py-3">
            <Attempts deliveryId={d.id} eventId={d.eventId} />
          </td>
        </tr>
      )}
    </>
  );
}

function Attempts({ deliveryId, eventId }: { deliveryId: string; eventId: string }) {
  const delivery = useQuery({
    queryKey: ['webhook-delivery', deliveryId],
    queryFn: () => unwrap<DeliveryWithAttempts>(api.GET('/v1/webhooks/deliveries/{id}', { params: { path: { id: deliveryId } } })),
  });
  if (delivery.error) return <ErrorMessage error={delivery.error} />;
  if (!delivery.data) return <Loading what="attempts" />;
  const { attempts, nextAttemptAt, status } = delivery.data;
  return (
    <div className="flex flex-col gap-2">
      {status === 'PENDING' && nextAttemptAt && <p className="text-sm text-slate-600">Next attempt: {formatTime(nextAttemptAt)}</p>}
      {attempts.length === 0 ? (
        <Empty>No attempt yet.</Empty>
      ) : (
        <Table caption={`Attempts of ${eventId}`} headers={['#', 'Trigger', 'Started', 'Duration', 'Response', 'Error', 'Result']}>
          {attempts.map((a) => (
            <tr key={a.id}>
              <Cell>{a.number}</Cell>
              <Cell>{a.trigger}</Cell>
              <Cell>{formatTime(a.startedAt)}</Cell>
              <Cell>{formatCount(a.durationMs)} ms</Cell>
              <Cell className="whitespace-normal">
                {a.responseStatus ?? '—'}
                {a.responseBody && (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-xs text-slate-600">Response body</summary>
                    <pre className="mt-1 max-h-48 max-w-md overflow-auto rounded bg-white p-2 text-xs whitespace-pre-wrap">{a.responseBody}</pre>
                  </details>
                )}
              </Cell>
              <Cell>{a.error ?? '—'}</Cell>
              <Cell>{a.succeeded ? 'Succeeded' : 'Failed'}</Cell>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
