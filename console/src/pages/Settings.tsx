import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { signOut } from '../auth/session';
import { Button, Card, Cell, Empty, ErrorMessage, Loading, PageTitle, Table } from '../components/ui';
import { formatNaira, formatTime } from '../lib/format';

type Organisation = components['schemas']['Organisation'];
type Service = components['schemas']['Service'];
type Session = components['schemas']['Session'];

const LEVEL_LABEL: Record<Organisation['accessLevel'], string> = { BASIC: 'Basic', STANDARD: 'Standard', PREMIUM: 'Premium' };

/** Organisation (DESIGN.md §9, §14): name and access level, the services and their prices, your sessions, sign out. */
export function Settings() {
  const organisation = useQuery({ queryKey: ['organisation'], queryFn: () => unwrap<Organisation>(api.GET('/v1/organisation')) });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const out = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      queryClient.clear();
      navigate('/login', { replace: true });
    }
  };

  return (
    <>
      <PageTitle
        actions={
          <Button tone="secondary" onClick={() => void out()} disabled={signingOut}>
            Sign out
          </Button>
        }
      >
        Organisation
      </PageTitle>
      {organisation.error ? (
        <ErrorMessage error={organisation.error} />
      ) : !organisation.data ? (
        <Loading what="the organisation" />
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Card title="Name">
            <p className="text-lg font-semibold">{organisation.data.name}</p>
          </Card>
          <Card title="Access level">
            <p className="text-lg font-semibold">{LEVEL_LABEL[organisation.data.accessLevel]}</p>
          </Card>
        </div>
      )}
      <Services />
      <Sessions />
    </>
  );
}

/** The services on the account, with the price at the organisation's level and at each level. */
function Services() {
  const services = useQuery({ queryKey: ['services'], queryFn: () => unwrap<Service[]>(api.GET('/v1/services')) });
  return (
    <section aria-labelledby="services" className="mt-8">
      <h2 id="services" className="mb-3 text-lg font-semibold">
        Services
      </h2>
      {services.error ? (
        <ErrorMessage error={services.error} />
      ) : !services.data ? (
        <Loading what="services" />
      ) : services.data.length === 0 ? (
        <Empty>No services are provisioned for this organisation yet.</Empty>
      ) : (
        <Table caption="Services and prices" headers={['Service', 'Code', 'Status', 'Your price', 'Basic', 'Standard', 'Premium']}>
          {services.data.map((s) => (
            <tr key={s.code}>
              <Cell>{s.name}</Cell>
              <Cell className="font-mono text-xs">{s.code}</Cell>
              <Cell>{s.status === 'ACTIVE' ? 'Active' : 'Suspended'}</Cell>
              <Cell className="text-right font-medium tabular-nums">{formatNaira(s.price)}</Cell>
              <Cell className="text-right tabular-nums">{formatNaira(s.prices.BASIC)}</Cell>
              <Cell className="text-right tabular-nums">{formatNaira(s.prices.STANDARD)}</Cell>
              <Cell className="text-right tabular-nums">{formatNaira(s.prices.PREMIUM)}</Cell>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

/** The caller's own sessions; any but this one can be revoked. */
function Sessions() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: ['sessions'], queryFn: () => unwrap<Session[]>(api.GET('/v1/auth/sessions')) });
  const revoke = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/v1/auth/sessions/{id}', { params: { path: { id } } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['sessions'] }),
  });
  return (
    <section aria-labelledby="sessions" className="mt-8">
      <h2 id="sessions" className="mb-3 text-lg font-semibold">
        Your sessions
      </h2>
      {sessions.error ? (
        <ErrorMessage error={sessions.error} />
      ) : !sessions.data ? (
        <Loading what="sessions" />
      ) : sessions.data.length === 0 ? (
        <Empty>No active sessions.</Empty>
      ) : (
        <>
          <Table caption="Your sessions" headers={['Device', 'IP address', 'Signed in', 'Last used', 'Actions']}>
            {sessions.data.map((s, i) => {
              const device = s.userAgent ?? 'Unknown device';
              return (
                <tr key={s.id}>
                  <Cell className="max-w-md truncate">
                    <span title={device}>{device}</span>
                  </Cell>
                  <Cell>{s.ip ?? '—'}</Cell>
                  <Cell>{formatTime(s.createdAt)}</Cell>
                  <Cell>{formatTime(s.lastUsedAt)}</Cell>
                  <Cell>
                    {s.current ? (
                      <span className="text-sm font-medium text-emerald-800">This session</span>
                    ) : (
                      <Button
                        tone="secondary"
                        onClick={() => revoke.mutate(s.id)}
                        disabled={revoke.isPending && revoke.variables === s.id}
                        aria-label={`Revoke session ${i + 1} (${device}, last used ${formatTime(s.lastUsedAt)})`}
                      >
                        Revoke
                      </Button>
                    )}
                  </Cell>
                </tr>
              );
            })}
          </Table>
          {revoke.error && (
            <div className="mt-3">
              <ErrorMessage error={revoke.error} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
