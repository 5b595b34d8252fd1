import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, ApiError, describeError, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { useMe } from '../auth/me';
import { OneTimeSecret } from '../components/OneTimeSecret';
import { Button, Cell, Confirm, Dialog, Empty, ErrorMessage, Loading, PageTitle, SelectField, Table, TextField } from '../components/ui';
import { formatTime, maskKey } from '../lib/format';
import { can } from '../lib/roles';

type ApiKey = components['schemas']['ApiKey'];

function status(key: ApiKey): string {
  if (key.revokedAt) return 'Revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= Date.now()) return 'Expired';
  return 'Active';
}

/** API keys (DESIGN.md §14): the table, "Create key" showing the secret once, "Revoke" with a confirmation. */
export function ApiKeys() {
  const me = useMe();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: () => unwrap<ApiKey[]>(api.GET('/v1/api-keys')) });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const mayManage = can(me.data?.user.role, 'manageKeys');

  const revoke = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/v1/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });

  return (
    <>
      <PageTitle actions={mayManage ? <Button onClick={() => setCreating(true)}>Create key</Button> : undefined}>API keys</PageTitle>
      {keys.error ? (
        <ErrorMessage error={keys.error} />
      ) : !keys.data ? (
        <Loading what="API keys" />
      ) : keys.data.length === 0 ? (
        <Empty>No API keys yet.{mayManage ? ' Create one to call the API.' : ''}</Empty>
      ) : (
        <Table caption="API keys" headers={['Name', 'Type', 'Key', 'Rate limit', 'Created', 'Last used', 'Expires', 'Status', ...(mayManage ? ['Actions'] : [])]}>
          {keys.data.map((k) => (
            <tr key={k.id}>
              <Cell>{k.name}</Cell>
              <Cell>{k.type}</Cell>
              <Cell className="font-mono">{maskKey(k.prefix, k.last4)}</Cell>
              <Cell>{k.rateLimit}/min</Cell>
              <Cell>{formatTime(k.createdAt)}</Cell>
              <Cell>{formatTime(k.lastUsedAt)}</Cell>
              <Cell>{k.expiresAt ? formatTime(k.expiresAt) : 'Never'}</Cell>
              <Cell>{status(k)}</Cell>
              {mayManage && (
                <Cell>
                  {!k.revokedAt && (
                    <Button tone="secondary" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                      Revoke
                    </Button>
                  )}
                </Cell>
              )}
            </tr>
          ))}
        </Table>
      )}
      {creating && <CreateKey onClose={() => setCreating(false)} />}
      <Confirm
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke ${revoking?.name ?? 'this key'}?`}
        description="Calls with this key are refused at once. This cannot be undone."
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
      {revoke.error && <ErrorMessage error={revoke.error} />}
    </>
  );
}

/** The create form, then the secret, shown once, with "Copy". Closing forgets the secret. */
function CreateKey({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [type, setType] = useState<'test' | 'live'>('test');
  const [rateLimit, setRateLimit] = useState('');
  const [expiresInDays, setExpiresInDays] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () =>
      unwrap<ApiKey & { secret: string }>(
        api.POST('/v1/api-keys', {
          body: {
            name: name.trim(),
            type,
            ...(rateLimit.trim() ? { rateLimit: Number(rateLimit) } : {}),
            ...(expiresInDays.trim() ? { expiresInDays: Number(expiresInDays) } : {}),
          },
        }),
      ),
    onSuccess: (key) => {
      setSecret(key.secret);
      void queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });
  const fieldError = (field: string) => (create.error instanceof ApiError ? create.error.fieldErrors.find((e) => e.field === field)?.message : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const close = () => {
    setSecret(null);
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && close()} title={secret ? 'Your new key' : 'Create key'}>
      {secret ? (
        <OneTimeSecret secret={secret} label="API key secret" warning="Copy the key now: it is not shown again." onDone={close} />
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <TextField label="Name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} error={fieldError('name')} />
          <SelectField label="Type" value={type} onChange={(e) => setType(e.target.value as 'test' | 'live')}>
            <option value="test">test</option>
            <option value="live">live</option>
          </SelectField>
          <TextField label="Rate limit" inputMode="numeric" hint="Requests per minute; 600 when empty" value={rateLimit} onChange={(e) => setRateLimit(e.target.value)} error={fieldError('rateLimit')} />
          <TextField label="Expires in days" inputMode="numeric" hint="Never when empty" value={expiresInDays} onChange={(e) => setExpiresInDays(e.target.value)} error={fieldError('expiresInDays')} />
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
              Create key
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
