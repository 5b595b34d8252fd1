import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { api, ApiError, describeError, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { useMe } from '../auth/me';
import { Button, Cell, Dialog, Empty, ErrorMessage, Loading, PageTitle, SelectField, Table, TextField } from '../components/ui';
import { formatNaira, formatTime } from '../lib/format';

type Organisation = components['schemas']['Organisation'];
type Service = components['schemas']['Service'];
type ServiceCode = Service['code'];
type Level = 'BASIC' | 'STANDARD' | 'PREMIUM';
interface OrganisationPage {
  items: Organisation[];
  nextCursor: string | null;
}
interface Limits {
  organisationId: string;
  concurrencyLimit: number | null;
  velocityLimit: number | null;
}
interface Adjustment {
  transactionId: string;
  reference: string;
  amount: number;
  direction: 'CREDIT' | 'DEBIT';
  newBalance: number;
  organisationId: string;
  adjustedAt: string;
}
interface Approval {
  id: string;
  secondApprover: string;
  expiresAt: string;
}

/** Every service the platform offers (the API's enum of service codes). */
const SERVICE_CODES: ServiceCode[] = [
  'NIN_LOOKUP',
  'NIN_FACE_MATCH',
  'BVN_LOOKUP',
  'BVN_FACE_VALIDATION',
  'TIN_VERIFICATION',
  'TIN_VALIDATION',
  'TIN_FROM_NIN',
  'CAC_BASIC',
  'CAC_ADVANCE',
  'ENHANCED_PHONE_LOOKUP',
];
const LEVELS: Array<{ level: Level; label: string }> = [
  { level: 'BASIC', label: 'Basic' },
  { level: 'STANDARD', label: 'Standard' },
  { level: 'PREMIUM', label: 'Premium' },
];

const fieldError = (err: unknown, field: string) => (err instanceof ApiError ? err.fieldErrors.find((e) => e.field === field)?.message : undefined);
/** The error for the form as a whole: anything that is not a field error of the named fields. */
const formError = (err: unknown, fields: string[]): boolean => Boolean(err) && !(err instanceof ApiError && err.fieldErrors.length > 0 && err.fieldErrors.every((e) => fields.includes(e.field)));

/** A naira amount as typed (₦ and commas allowed), or NaN. */
function parseNaira(text: string): number {
  const clean = text.replace(/[₦,\s]/g, '');
  return clean === '' ? Number.NaN : Number(clean);
}

/**
 * Platform (DESIGN.md §9, §14): for platform admins only. Organisations ("Create organisation"),
 * and for the chosen one its services and prices, its limits, and the wallet adjustment with the
 * second approver (an approval token issued by another platform admin).
 */
export function Admin() {
  const me = useMe();
  if (me.error) return <ErrorMessage error={me.error} />;
  if (!me.data) return <Loading what="your account" />;
  if (!me.data.user.isPlatformAdmin) {
    return (
      <>
        <PageTitle>Platform</PageTitle>
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          Not allowed (403): this page is for platform admins only.
        </div>
      </>
    );
  }
  return <PlatformAdmin />;
}

function PlatformAdmin() {
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const orgs = useInfiniteQuery({
    queryKey: ['admin', 'organisations'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => unwrap<OrganisationPage>(api.GET('/v1/admin/organisations', { params: { query: { limit: '50', ...(pageParam ? { cursor: pageParam } : {}) } } })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = orgs.data?.pages.flatMap((p) => p.items) ?? [];
  const selectedId = params.get('org');
  const selected = items.find((o) => o.id === selectedId) ?? null;
  const select = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('org', id);
    else next.delete('org');
    setParams(next);
  };

  return (
    <>
      <PageTitle actions={<Button onClick={() => setCreating(true)}>Create organisation</Button>}>Platform</PageTitle>
      <section aria-labelledby="admin-orgs" className="flex flex-col gap-3">
        <h2 id="admin-orgs" className="text-lg font-semibold">
          Organisations
        </h2>
        {orgs.error ? (
          <ErrorMessage error={orgs.error} />
        ) : !orgs.data ? (
          <Loading what="organisations" />
        ) : items.length === 0 ? (
          <Empty>No organisations yet.</Empty>
        ) : (
          <Table caption="Organisations" headers={['Name', 'Access level', 'Created', 'Actions']}>
            {items.map((o) => (
              <tr key={o.id} className={o.id === selectedId ? 'bg-emerald-50' : undefined}>
                <Cell>{o.name}</Cell>
                <Cell>{o.accessLevel}</Cell>
                <Cell>{formatTime(o.createdAt)}</Cell>
                <Cell>
                  <Button tone="secondary" aria-label={`Manage ${o.name}`} aria-pressed={o.id === selectedId} onClick={() => select(o.id)}>
                    Manage
                  </Button>
                </Cell>
              </tr>
            ))}
          </Table>
        )}
        {orgs.hasNextPage && (
          <div>
            <Button tone="secondary" disabled={orgs.isFetchingNextPage} onClick={() => void orgs.fetchNextPage()}>
              Load more
            </Button>
          </div>
        )}
      </section>
      {selected && <OrganisationAdmin key={selected.id} organisation={selected} onClose={() => select(null)} />}
      {selectedId && orgs.data && !orgs.hasNextPage && !selected && (
        <div className="mt-6">
          <Empty>That organisation is not in the list.</Empty>
        </div>
      )}
      {creating && <CreateOrganisation onClose={() => setCreating(false)} onCreated={(id) => select(id)} />}
    </>
  );
}

/** "Create organisation": name and the owner's email; the API invites the owner. */
function CreateOrganisation({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [ownerEmail, setOwnerEmail] = useState('');
  const create = useMutation({
    mutationFn: () => unwrap<{ organisation: Organisation }>(api.POST('/v1/admin/organisations', { body: { name: name.trim(), ownerEmail: ownerEmail.trim() } })),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'organisations'] });
      onClose();
      onCreated(created.organisation.id);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Create organisation" description="The owner is emailed an invitation to set a password and join.">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} error={fieldError(create.error, 'name')} />
        <TextField label="Owner email" type="email" required value={ownerEmail} onChange={(e) => setOwnerEmail(e.target.value)} error={fieldError(create.error, 'ownerEmail')} />
        {formError(create.error, ['name', 'ownerEmail']) && (
          <p role="alert" className="text-sm text-red-700">
            {create.error instanceof ApiError && create.error.status === 409 ? 'This email already has an account.' : describeError(create.error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button tone="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create organisation
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One organisation: services and prices, limits, wallet adjustment and approvals. */
function OrganisationAdmin({ organisation, onClose }: { organisation: Organisation; onClose: () => void }) {
  return (
    <section aria-labelledby="admin-org" className="mt-8 flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-org" className="text-lg font-semibold">
          {organisation.name}
        </h2>
        <Button tone="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      <Services organisation={organisation} />
      <LimitsForm organisation={organisation} />
      <div className="grid gap-4 lg:grid-cols-2">
        <AdjustWallet organisation={organisation} />
        <IssueApproval organisation={organisation} />
      </div>
    </section>
  );
}

function Services({ organisation }: { organisation: Organisation }) {
  const services = useQuery({
    queryKey: ['admin', 'services', organisation.id],
    queryFn: () => unwrap<Service[]>(api.GET('/v1/admin/organisations/{id}/services', { params: { path: { id: organisation.id } } })),
  });
  const [editing, setEditing] = useState<{ service: Service | null } | null>(null);
  return (
    <Section id="admin-services" title="Services and prices">
      <div>
        <Button tone="secondary" onClick={() => setEditing({ service: null })}>
          Provision service
        </Button>
      </div>
      {services.error ? (
        <ErrorMessage error={services.error} />
      ) : !services.data ? (
        <Loading what="services" />
      ) : services.data.length === 0 ? (
        <Empty>No services provisioned.</Empty>
      ) : (
        <Table caption={`Services of ${organisation.name}`} headers={['Service', 'Status', 'Basic (₦)', 'Standard (₦)', 'Premium (₦)', 'Actions']}>
          {services.data.map((s) => (
            <tr key={s.code}>
              <Cell>
                {s.name} <span className="text-xs text-slate-500">{s.code}</span>
              </Cell>
              <Cell>{s.status === 'ACTIVE' ? 'Active' : 'Suspended'}</Cell>
              {LEVELS.map(({ level }) => (
                <Cell key={level} className="tabular-nums">
                  {formatNaira(s.prices[level])}
                </Cell>
              ))}
              <Cell>
                <Button tone="secondary" aria-label={`Edit ${s.name}`} onClick={() => setEditing({ service: s })}>
                  Edit
                </Button>
              </Cell>
            </tr>
          ))}
        </Table>
      )}
      {editing && <ServiceDialog organisation={organisation} service={editing.service} provisioned={services.data ?? []} onClose={() => setEditing(null)} />}
    </Section>
  );
}

/** Provision a service or set its status and prices (naira per access level). */
function ServiceDialog({ organisation, service, provisioned, onClose }: { organisation: Organisation; service: Service | null; provisioned: Service[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const choices = service ? [service.code] : SERVICE_CODES.filter((c) => !provisioned.some((p) => p.code === c));
  const [code, setCode] = useState<ServiceCode | ''>(service?.code ?? choices[0] ?? '');
  const [status, setStatus] = useState<'ACTIVE' | 'SUSPENDED'>(service?.status ?? 'ACTIVE');
  const [prices, setPrices] = useState<Record<Level, string>>({
    BASIC: service ? String(service.prices.BASIC) : '',
    STANDARD: service ? String(service.prices.STANDARD) : '',
    PREMIUM: service ? String(service.prices.PREMIUM) : '',
  });
  const [localErrors, setLocalErrors] = useState<Partial<Record<Level, string>>>({});
  const save = useMutation({
    mutationFn: (body: { service: ServiceCode; status: 'ACTIVE' | 'SUSPENDED'; prices: Partial<Record<Level, number>> }) =>
      unwrap<Service>(api.POST('/v1/admin/organisations/{id}/services', { params: { path: { id: organisation.id } }, body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'services', organisation.id] });
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code) return;
    const errs: Partial<Record<Level, string>> = {};
    const body: Partial<Record<Level, number>> = {};
    for (const { level } of LEVELS) {
      if (prices[level].trim() === '') continue;
      const n = parseNaira(prices[level]);
      if (!Number.isFinite(n) || n < 0) errs[level] = 'Enter an amount in naira, 0 or more.';
      else body[level] = n;
    }
    setLocalErrors(errs);
    if (Object.keys(errs).length > 0) return;
    save.mutate({ service: code, status, prices: body });
  };
  const title = service ? `Edit ${service.name}` : 'Provision service';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={`Prices in naira per verification for ${organisation.name}; they apply from the next verification.`}>
      {choices.length === 0 ? (
        <div className="flex flex-col gap-4">
          <Empty>Every service is provisioned.</Empty>
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <SelectField label="Service" value={code} disabled={service !== null} onChange={(e) => setCode(e.target.value as ServiceCode)}>
            {choices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
          <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as 'ACTIVE' | 'SUSPENDED')}>
            <option value="ACTIVE">Active</option>
            <option value="SUSPENDED">Suspended</option>
          </SelectField>
          <div className="grid grid-cols-3 gap-3">
            {LEVELS.map(({ level, label }) => (
              <TextField
                key={level}
                label={`${label} (₦)`}
                inputMode="decimal"
                value={prices[level]}
                placeholder={service ? undefined : 'Default'}
                onChange={(e) => setPrices((p) => ({ ...p, [level]: e.target.value }))}
                error={localErrors[level] ?? fieldError(save.error, `prices.${level}`)}
              />
            ))}
          </div>
          {formError(save.error, LEVELS.map(({ level }) => `prices.${level}`)) && (
            <p role="alert" className="text-sm text-red-700">
              {describeError(save.error)}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button tone="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/**
 * Concurrency and velocity limits. The API sets them (PATCH) but does not read them back outside
 * that answer: an empty field is left as it is; "Restore defaults" clears both overrides.
 */
function LimitsForm({ organisation }: { organisation: Organisation }) {
  const [concurrency, setConcurrency] = useState('');
  const [velocity, setVelocity] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { concurrencyLimit?: number | null; velocityLimit?: number | null }) =>
      unwrap<Limits>(api.PATCH('/v1/admin/organisations/{id}/limits', { params: { path: { id: organisation.id } }, body })),
    onSuccess: () => {
      setConcurrency('');
      setVelocity('');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: { concurrencyLimit?: number; velocityLimit?: number } = {};
    for (const [key, text] of [
      ['concurrencyLimit', concurrency],
      ['velocityLimit', velocity],
    ] as const) {
      if (text.trim() === '') continue;
      const n = Number(text.trim());
      if (!Number.isInteger(n) || n < 1 || n > 100_000) {
        setLocalError('Limits are whole numbers from 1 to 100,000.');
        return;
      }
      body[key] = n;
    }
    if (Object.keys(body).length === 0) {
      setLocalError('Enter a concurrency or velocity limit.');
      return;
    }
    setLocalError(null);
    save.mutate(body);
  };
  const show = (n: number | null) => (n === null ? 'default' : String(n));
  return (
    <Section id="admin-limits" title="Limits">
      <p className="text-sm text-slate-600">Concurrency: provider calls in flight per endpoint. Velocity: live debits per minute. An empty field is left as it is.</p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
        <TextField label="Concurrency limit" inputMode="numeric" value={concurrency} onChange={(e) => setConcurrency(e.target.value)} error={fieldError(save.error, 'concurrencyLimit')} />
        <TextField label="Velocity limit" inputMode="numeric" value={velocity} onChange={(e) => setVelocity(e.target.value)} error={fieldError(save.error, 'velocityLimit')} />
        <Button type="submit" disabled={save.isPending}>
          Save limits
        </Button>
        <Button tone="secondary" disabled={save.isPending} onClick={() => save.mutate({ concurrencyLimit: null, velocityLimit: null })}>
          Restore defaults
        </Button>
      </form>
      {localError && (
        <p role="alert" className="text-sm text-red-700">
          {localError}
        </p>
      )}
      {formError(save.error, ['concurrencyLimit', 'velocityLimit']) && <ErrorMessage error={save.error} />}
      {save.data && (
        <p role="status" className="text-sm text-emerald-800">
          Limits saved: concurrency {show(save.data.concurrencyLimit)}, velocity {show(save.data.velocityLimit)}.
        </p>
      )}
    </Section>
  );
}

/** A signed, audited adjustment of the organisation's wallet; above the threshold it needs another admin's approval token. */
function AdjustWallet({ organisation }: { organisation: Organisation }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [token, setToken] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const adjust = useMutation({
    mutationFn: (body: { amount: number; reason: string; secondApprover?: string }) =>
      unwrap<Adjustment>(api.POST('/v1/payments/admin/adjust/{organisationId}', { params: { path: { organisationId: organisation.id } }, body })),
    onSuccess: () => {
      setAmount('');
      setReason('');
    },
    // The token is single use: never kept once sent.
    onSettled: () => setToken(''),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = parseNaira(amount);
    if (!Number.isFinite(n) || n === 0) {
      setLocalError('Enter a non-zero amount in naira (negative to debit).');
      return;
    }
    if (reason.trim() === '') {
      setLocalError('Enter a reason.');
      return;
    }
    setLocalError(null);
    adjust.mutate({ amount: n, reason: reason.trim(), ...(token.trim() ? { secondApprover: token.trim() } : {}) });
  };
  const err = adjust.error;
  const forbidden = err instanceof ApiError && err.status === 403;
  return (
    <Section id="admin-adjust" title="Adjust wallet">
      <p className="text-sm text-slate-600">
        Positive credits, negative debits. Above the approval threshold (₦100,000 unless configured otherwise) another platform admin issues an approval token for exactly
        this organisation, amount and reason; enter it here.
      </p>
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <TextField label="Amount (₦)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={fieldError(err, 'amount')} />
        <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={fieldError(err, 'reason')} />
        <TextField
          label="Approval token"
          type="password"
          autoComplete="off"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          hint="From another platform admin; needed above the threshold."
          error={fieldError(err, 'secondApprover')}
        />
        <div>
          <Button type="submit" disabled={adjust.isPending}>
            Adjust wallet
          </Button>
        </div>
      </form>
      {localError && (
        <p role="alert" className="text-sm text-red-700">
          {localError}
        </p>
      )}
      {formError(err, ['amount', 'reason', 'secondApprover']) && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {forbidden
            ? 'The approval token was not accepted: it must come from another platform admin, for exactly this organisation, amount and reason, unused and within 15 minutes.'
            : err instanceof ApiError && err.status === 402
              ? 'The wallet does not have that much available to debit.'
              : describeError(err)}
        </div>
      )}
      {adjust.data && (
        <p role="status" className="text-sm text-emerald-800">
          Adjusted by {formatNaira(adjust.data.direction === 'DEBIT' ? -Math.abs(adjust.data.amount) : Math.abs(adjust.data.amount))}: new balance{' '}
          {formatNaira(adjust.data.newBalance)} (reference {adjust.data.reference}).
        </p>
      )}
    </Section>
  );
}

/** The second approver's side: a single-use token (15 minutes) for another admin's adjustment, shown once. */
function IssueApproval({ organisation }: { organisation: Organisation }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const issue = useMutation({
    mutationFn: (body: { organisationId: string; amount: number; reason: string }) => unwrap<Approval>(api.POST('/v1/admin/adjustment-approvals', { body })),
    onSuccess: () => setCopied(false),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = parseNaira(amount);
    if (!Number.isFinite(n) || n === 0) {
      setLocalError('Enter the non-zero amount of the adjustment to approve.');
      return;
    }
    if (reason.trim() === '') {
      setLocalError('Enter the reason of the adjustment to approve.');
      return;
    }
    setLocalError(null);
    issue.mutate({ organisationId: organisation.id, amount: n, reason: reason.trim() });
  };
  const done = () => {
    issue.reset();
    setAmount('');
    setReason('');
  };
  return (
    <Section id="admin-approve" title="Approve an adjustment">
      <p className="text-sm text-slate-600">
        For another platform admin&apos;s adjustment above the threshold: enter its exact amount and reason, then give them the token. It works once, within 15 minutes.
      </p>
      {issue.data ? (
        <div className="flex flex-col gap-3">
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            Give this approval token to the admin making the adjustment now: it is not shown again. It expires {formatTime(issue.data.expiresAt)}.
          </p>
          <TextField label="Issued approval token" readOnly value={issue.data.secondApprover} className="rounded-md bg-slate-900 px-3 py-2 font-mono text-xs text-slate-100" />
          <div className="flex justify-end gap-2">
            <Button
              tone="secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(issue.data.secondApprover).then(() => setCopied(true), () => setCopied(false));
              }}
            >
              Copy
            </Button>
            <Button onClick={done}>Done</Button>
          </div>
          {copied && (
            <p role="status" className="text-sm text-emerald-800">
              Copied.
            </p>
          )}
        </div>
      ) : (
        <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
          <TextField label="Amount to approve (₦)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={fieldError(issue.error, 'amount')} />
          <TextField label="Reason to approve" value={reason} onChange={(e) => setReason(e.target.value)} error={fieldError(issue.error, 'reason')} />
          <div>
            <Button type="submit" disabled={issue.isPending}>
              Issue approval token
            </Button>
          </div>
        </form>
      )}
      {localError && (
        <p role="alert" className="text-sm text-red-700">
          {localError}
        </p>
      )}
      {formError(issue.error, ['amount', 'reason']) && <ErrorMessage error={issue.error} />}
    </Section>
  );
}
