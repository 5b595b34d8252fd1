import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { api, ApiError, describeError, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { useMe } from '../auth/me';
import { Button, Card, Cell, Dialog, Empty, ErrorMessage, Loading, PageTitle, Table, TextField } from '../components/ui';
import { formatNaira, formatTime } from '../lib/format';
import { can } from '../lib/roles';

type Balance = components['schemas']['WalletBalance'];
type Transaction = components['schemas']['Transaction'];
type Page = { items: Transaction[]; nextCursor: string | null };
type Verified = { reference: string; status: 'PENDING' | 'SUCCESS' | 'FAILED' | 'ABANDONED'; amount: number; credited: boolean; newBalance: number | null };
type Initialized = { reference: string; authorizationUrl: string; amount: number; status: string };

const TYPE_LABEL: Record<Transaction['type'], string> = { DEPOSIT: 'Deposit', DEBIT: 'Debit', ADJUSTMENT: 'Adjustment' };

function fieldError(err: unknown, field: string): string | undefined {
  return err instanceof ApiError ? err.fieldErrors.find((e) => e.field === field)?.message : undefined;
}

/** Naira as typed (digits, at most two decimals) at or above `min`, else undefined: checked here before the API is asked. */
function nairaInput(value: string, min: number): number | undefined {
  const v = value.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return undefined;
  const n = Number(v);
  return n >= min ? n : undefined;
}

/** A general error of a form: shown when the API named no field. */
function FormError({ error }: { error: unknown }) {
  if (!error || (error instanceof ApiError && error.fieldErrors.length > 0)) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {describeError(error)}
    </p>
  );
}

/** Wallet (DESIGN.md §7, §14): the balance, the low-balance threshold, funding through the gateway, the transactions. Always live. */
export function Wallet() {
  const me = useMe();
  const role = me.data?.user.role;
  const balance = useQuery({ queryKey: ['wallet-balance'], queryFn: () => unwrap<Balance>(api.GET('/v1/wallet/balance')) });
  const [funding, setFunding] = useState(false);

  return (
    <>
      <PageTitle actions={can(role, 'fundWallet') ? <Button onClick={() => setFunding(true)}>Fund wallet</Button> : undefined}>Wallet</PageTitle>
      <PaymentOutcome />
      {balance.error ? (
        <ErrorMessage error={balance.error} />
      ) : !balance.data ? (
        <Loading what="the balance" />
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Card title="Balance">
            <p className="text-2xl font-semibold">{formatNaira(balance.data.balance)}</p>
          </Card>
          <Card title="Available">
            <p className="text-2xl font-semibold">{formatNaira(balance.data.availableBalance)}</p>
            <p className="mt-1 text-xs text-slate-500">The balance less live verifications in flight.</p>
          </Card>
          <Card title="Low-balance alert">
            {can(role, 'setThreshold') ? (
              <ThresholdForm current={balance.data.lowBalanceThreshold} />
            ) : (
              <p className="text-sm">{balance.data.lowBalanceThreshold > 0 ? `Below ${formatNaira(balance.data.lowBalanceThreshold)}` : 'Off'}</p>
            )}
          </Card>
        </div>
      )}
      <Transactions />
      {funding && <FundWallet onClose={() => setFunding(false)} />}
    </>
  );
}

/** The threshold in naira with "Save"; 0 turns the alert off. */
function ThresholdForm({ current }: { current: number }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [invalid, setInvalid] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: (threshold: number) => unwrap(api.POST('/v1/wallet/low-balance-threshold', { body: { threshold } })),
    onSuccess: () => {
      setSaved(true);
      setValue(null);
      void queryClient.invalidateQueries({ queryKey: ['wallet-balance'] });
    },
  });
  const shown = value ?? String(current);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const threshold = nairaInput(shown, 0);
    setInvalid(threshold === undefined ? 'must be an amount in naira, 0 or more, with at most two decimals' : undefined);
    if (threshold !== undefined) save.mutate(threshold);
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
      <TextField
        label="Low-balance threshold"
        inputMode="decimal"
        hint="Naira; OWNERs and ADMINs are emailed once when the balance falls below it. 0 turns it off."
        value={shown}
        onChange={(e) => {
          setSaved(false);
          setInvalid(undefined);
          setValue(e.target.value);
        }}
        error={invalid ?? fieldError(save.error, 'threshold')}
      />
      <FormError error={save.error} />
      <div className="flex items-center gap-3">
        <Button type="submit" tone="secondary" disabled={save.isPending}>
          Save
        </Button>
        {saved && (
          <span role="status" className="text-sm text-emerald-800">
            Saved.
          </span>
        )}
      </div>
    </form>
  );
}

/** "Fund wallet": the amount in naira, then the gateway's page, which comes back to /wallet?reference=…. */
function FundWallet({ onClose }: { onClose: () => void }) {
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>(undefined);
  const start = useMutation({
    mutationFn: (naira: number) =>
      unwrap<Initialized>(
        api.POST('/v1/payments/initialize', {
          body: { amount: naira, callbackUrl: `${window.location.origin}/wallet` },
        }),
      ),
    onSuccess: (payment) => window.location.assign(payment.authorizationUrl),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const naira = nairaInput(amount, 100);
    setInvalid(naira === undefined ? 'must be at least ₦100.00, in naira with at most two decimals' : undefined);
    if (naira !== undefined) start.mutate(naira);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Fund wallet" description="You pay on the payment gateway's page, then come back here.">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField
          label="Amount"
          inputMode="decimal"
          hint="Naira, at least ₦100.00"
          required
          value={amount}
          onChange={(e) => {
            setInvalid(undefined);
            setAmount(e.target.value);
          }}
          error={invalid ?? fieldError(start.error, 'amount')}
        />
        <FormError error={start.error} />
        <div className="flex justify-end gap-2">
          <Button tone="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={start.isPending || start.isSuccess}>
            Continue to payment
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Back from the gateway with ?reference=…: verifies the payment once, says how it went, and takes the reference out of the URL. */
function PaymentOutcome() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const reference = params.get('reference');
  const started = useRef<string | null>(null);
  const verify = useMutation({
    mutationFn: (ref: string) => unwrap<Verified>(api.GET('/v1/payments/verify/{reference}', { params: { path: { reference: ref } } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['wallet-balance'] });
      void queryClient.invalidateQueries({ queryKey: ['wallet-transactions'] });
    },
  });
  const { mutate } = verify;

  useEffect(() => {
    if (!reference || started.current === reference) return;
    started.current = reference;
    mutate(reference);
    const next = new URLSearchParams(params);
    next.delete('reference');
    next.delete('trxref');
    setParams(next, { replace: true });
  }, [reference, params, setParams, mutate]);

  if (verify.isPending) return <Loading what="the payment's outcome" />;
  if (verify.error) return <div className="mb-4"><ErrorMessage error={verify.error} /></div>;
  if (!verify.data) return null;
  const p = verify.data;
  const tone =
    p.status === 'SUCCESS' ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : p.status === 'PENDING' ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-red-200 bg-red-50 text-red-800';
  const text =
    p.status === 'SUCCESS'
      ? `Payment received: ${formatNaira(p.amount)} was added to your wallet.${p.newBalance !== null ? ` New balance: ${formatNaira(p.newBalance)}.` : ''}`
      : p.status === 'PENDING'
        ? `Your payment of ${formatNaira(p.amount)} is still pending. The wallet is credited as soon as the gateway confirms it.`
        : `Payment ${p.status === 'ABANDONED' ? 'abandoned' : 'failed'}: ${formatNaira(p.amount)} was not added to your wallet. You were not charged; try again.`;
  return (
    <p role="status" className={`mb-4 rounded-md border p-3 text-sm ${tone}`}>
      {text}
    </p>
  );
}

/** The wallet's journal, newest first, paged by cursor. */
function Transactions() {
  const list = useInfiniteQuery({
    queryKey: ['wallet-transactions'],
    queryFn: ({ pageParam }) => unwrap<Page>(api.GET('/v1/payments/transactions', { params: { query: { limit: '50', ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-labelledby="transactions" className="mt-8">
      <h2 id="transactions" className="mb-3 text-lg font-semibold">
        Transactions
      </h2>
      {list.error && !list.data ? (
        <ErrorMessage error={list.error} />
      ) : !list.data ? (
        <Loading what="transactions" />
      ) : rows.length === 0 ? (
        <Empty>No transactions yet.</Empty>
      ) : (
        <>
          <Table caption="Wallet transactions" headers={['Time', 'Type', 'Description', 'Amount', 'Balance after', 'Reference']}>
            {rows.map((t) => (
              <tr key={t.id}>
                <Cell>{formatTime(t.createdAt)}</Cell>
                <Cell>{TYPE_LABEL[t.type]}</Cell>
                <Cell>{t.description}</Cell>
                <Cell className={`text-right tabular-nums ${t.amount < 0 ? 'text-red-700' : 'text-emerald-800'}`}>{formatNaira(t.amount)}</Cell>
                <Cell className="text-right tabular-nums">{formatNaira(t.balanceAfter)}</Cell>
                <Cell className="font-mono text-xs">{t.reference}</Cell>
              </tr>
            ))}
          </Table>
          {list.error && <ErrorMessage error={list.error} />}
          {list.hasNextPage && (
            <div className="mt-3">
              <Button tone="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                Load more
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
