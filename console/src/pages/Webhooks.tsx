import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api, ApiError, describeError, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { useMe } from '../auth/me';
import { OneTimeSecret } from '../components/OneTimeSecret';
import { Button, Cell, Dialog, Empty, ErrorMessage, Loading, PageTitle, Table, TextField } from '../components/ui';
import { useEnvironment, withEnv, type Environment } from '../lib/env';
import { formatTime } from '../lib/format';
import { can } from '../lib/roles';

export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookEndpointWithSecret = components['schemas']['WebhookEndpointWithSecret'];
type EventType = components['schemas']['EventType'];
type SubscribableType = components['schemas']['Event']['type'] | '*';

/** The endpoint's subscriptions as a person reads them. */
export function describeEventTypes(types: readonly string[]): string {
  return types.includes('*') ? 'All events' : types.join(', ');
}

/** ENABLED, or DISABLED with its reason. */
export function describeStatus(endpoint: Pick<WebhookEndpoint, 'status' | 'disabledReason'>): string {
  if (endpoint.status === 'ENABLED') return 'Enabled';
  return endpoint.disabledReason ? `Disabled (${endpoint.disabledReason.toLowerCase()})` : 'Disabled';
}

export function useEventTypes() {
  return useQuery({ queryKey: ['webhook-event-types'], queryFn: () => unwrap<EventType[]>(api.GET('/v1/webhooks/event-types')), staleTime: 5 * 60_000 });
}

/** Webhooks (DESIGN.md §14, §11.3): the current environment's endpoints; "Add endpoint" shows the signing secret once. */
export function Webhooks() {
  const me = useMe();
  const env = useEnvironment();
  const endpoints = useQuery({ queryKey: ['webhook-endpoints'], queryFn: () => unwrap<WebhookEndpoint[]>(api.GET('/v1/webhooks/endpoints')) });
  const [adding, setAdding] = useState(false);
  const mayManage = can(me.data?.user.role, 'manageWebhooks');
  const shown = endpoints.data?.filter((e) => e.environment === env);

  return (
    <>
      <PageTitle actions={mayManage ? <Button onClick={() => setAdding(true)}>Add endpoint</Button> : undefined}>Webhooks</PageTitle>
      <p className="mb-4 text-sm text-slate-600">
        Endpoints of the {env} environment receive its events, signed with their secret (Standard Webhooks).
      </p>
      {endpoints.error ? (
        <ErrorMessage error={endpoints.error} />
      ) : !shown ? (
        <Loading what="webhook endpoints" />
      ) : shown.length === 0 ? (
        <Empty>
          No {env} webhook endpoints yet.{mayManage ? ' Add one to receive events.' : ''}
        </Empty>
      ) : (
        <Table caption={`Webhook endpoints (${env})`} headers={['URL', 'Events', 'Environment', 'Status', 'Last success', 'Created']}>
          {shown.map((e) => (
            <tr key={e.id}>
              <Cell className="max-w-xs truncate">
                <Link to={withEnv(`/webhooks/${e.id}`, env)} className="font-medium text-emerald-800 underline">
                  {e.url}
                </Link>
              </Cell>
              <Cell className="whitespace-normal">{describeEventTypes(e.eventTypes)}</Cell>
              <Cell>{e.environment}</Cell>
              <Cell>{describeStatus(e)}</Cell>
              <Cell>{e.lastSuccessAt ? formatTime(e.lastSuccessAt) : 'Never'}</Cell>
              <Cell>{formatTime(e.createdAt)}</Cell>
            </tr>
          ))}
        </Table>
      )}
      {adding && <AddEndpoint env={env} onClose={() => setAdding(false)} />}
    </>
  );
}

/** The form (URL, events, description), then the signing secret, shown once. */
function AddEndpoint({ env, onClose }: { env: Environment; onClose: () => void }) {
  const queryClient = useQueryClient();
  const eventTypes = useEventTypes();
  const [url, setUrl] = useState('');
  const [all, setAll] = useState(true);
  const [selected, setSelected] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () =>
      unwrap<WebhookEndpointWithSecret>(
        api.POST('/v1/webhooks/endpoints', {
          body: {
            url: url.trim(),
            eventTypes: (all ? ['*'] : selected) as SubscribableType[],
            environment: env,
            ...(description.trim() ? { description: description.trim() } : {}),
          },
        }),
      ),
    onSuccess: (endpoint) => {
      setSecret(endpoint.secret);
      void queryClient.invalidateQueries({ queryKey: ['webhook-endpoints'] });
    },
  });
  const fieldError = (field: string) =>
    create.error instanceof ApiError ? create.error.fieldErrors.find((e) => e.field === field || e.field.startsWith(`${field}.`))?.message : undefined;
  const eventsError = fieldError('eventTypes');
  const toggle = (type: string, on: boolean) => setSelected((s) => (on ? [...s.filter((t) => t !== type), type] : s.filter((t) => t !== type)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const close = () => {
    setSecret(null);
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && close()} title={secret ? 'Endpoint added' : 'Add endpoint'} description={secret ? undefined : `The endpoint receives the events of the ${env} environment.`}>
      {secret ? (
        <OneTimeSecret secret={secret} label="Signing secret" onDone={close} />
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <TextField label="URL" type="url" required placeholder="https://example.com/webhooks/idv" maxLength={2048} value={url} onChange={(e) => setUrl(e.target.value)} error={fieldError('url')} />
          <fieldset className="flex flex-col gap-2" aria-describedby={eventsError ? 'add-endpoint-events-error' : undefined}>
            <legend className="text-sm font-medium text-slate-700">Events</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
              All events
            </label>
            {eventTypes.error ? (
              <ErrorMessage error={eventTypes.error} />
            ) : !eventTypes.data ? (
              <Loading what="event types" />
            ) : (
              eventTypes.data.map((t) => (
                <label key={t.type} className="flex items-start gap-2 text-sm">
                  <input type="checkbox" className="mt-1" disabled={all} checked={!all && selected.includes(t.type)} onChange={(e) => toggle(t.type, e.target.checked)} />
                  <span>
                    <span className="font-mono">{t.type}</span>
                    <span className="block text-xs text-slate-500">{t.description}</span>
                  </span>
                </label>
              ))
            )}
            {eventsError && (
              <p id="add-endpoint-events-error" className="text-sm text-red-700">
                {eventsError}
              </p>
            )}
          </fieldset>
          <TextField label="Description" maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} error={fieldError('description')} hint="Optional" />
          {create.error && !(create.error instanceof ApiError && create.error.fieldErrors.length > 0) && (
            <p role="alert" className="text-sm text-red-700">
              {describeError(create.error)}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button tone="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              Add endpoint
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
