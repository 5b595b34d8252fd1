import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { api, unwrap } from '../api/client';
import { useMe } from '../auth/me';
import { Card, ErrorMessage, Loading, PageTitle } from '../components/ui';
import { useEnvironment } from '../lib/env';
import { formatCount, formatNaira, formatRate } from '../lib/format';
import type { components } from '../api/schema';

type Summary = components['schemas']['AnalyticsSummary'];
type Timeseries = components['schemas']['AnalyticsTimeseries'];
type Balance = components['schemas']['WalletBalance'];

// The chart library loads with this page's chart only, not with the console's first script.
const DailyChart = lazy(() => import('../components/DailyChart'));

function range(): { from: string; to: string } {
  const to = new Date();
  const from = new Date(to.getTime() - 30 * 24 * 3600 * 1000);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** Overview (DESIGN.md §14): the last 30 days of the environment, the wallet, and a first call. */
export function Overview() {
  const environment = useEnvironment();
  // A platform admin may belong to no organisation: nothing of an organisation's to read then.
  const me = useMe();
  const hasOrganisation = me.data ? me.data.user.organisationId !== null : false;
  const summary = useQuery({
    enabled: hasOrganisation,
    queryKey: ['analytics-summary', environment],
    queryFn: () => unwrap<Summary>(api.GET('/v1/analytics/summary', { params: { query: { environment, ...range() } } })),
  });
  const series = useQuery({
    enabled: hasOrganisation,
    queryKey: ['analytics-timeseries', environment],
    queryFn: () => unwrap<Timeseries>(api.GET('/v1/analytics/timeseries', { params: { query: { environment, interval: 'day', timezone: 'Africa/Lagos', ...range() } } })),
  });
  const balance = useQuery({ enabled: hasOrganisation, queryKey: ['wallet-balance'], queryFn: () => unwrap<Balance>(api.GET('/v1/wallet/balance')) });
  const base = window.location.origin;
  if (me.data && !hasOrganisation) {
    return (
      <>
        <PageTitle>Overview</PageTitle>
        <p className="text-sm text-slate-600">
          Your account belongs to no organisation.{' '}
          {me.data.user.isPlatformAdmin && (
            <>
              Manage organisations under{' '}
              <Link className="text-emerald-800 underline" to="/admin">
                Platform
              </Link>
              .
            </>
          )}
        </p>
      </>
    );
  }

  return (
    <>
      <PageTitle>Overview</PageTitle>
      <p className="mb-4 text-sm text-slate-600">The last 30 days of {environment === 'test' ? 'test' : 'live'} verifications.</p>
      {summary.error ? (
        <ErrorMessage error={summary.error} />
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Card title="Verifications">{summary.data ? <p className="text-2xl font-semibold">{formatCount(summary.data.volume)}</p> : <Loading what="volume" />}</Card>
          <Card title="Success rate">{summary.data ? <p className="text-2xl font-semibold">{formatRate(summary.data.successRate)}</p> : <Loading what="success rate" />}</Card>
          <Card title="Spend">{summary.data ? <p className="text-2xl font-semibold">{formatNaira(summary.data.spend)}</p> : <Loading what="spend" />}</Card>
          <Card title="Wallet balance">
            {balance.error ? <ErrorMessage error={balance.error} /> : balance.data ? <p className="text-2xl font-semibold">{formatNaira(balance.data.balance)}</p> : <Loading what="balance" />}
          </Card>
        </div>
      )}
      <section aria-labelledby="per-day" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="per-day" className="text-sm font-medium text-slate-600">
          Verifications per day
        </h2>
        {series.error ? (
          <ErrorMessage error={series.error} />
        ) : series.data ? (
          <Suspense fallback={<Loading what="the chart" />}>
            <DailyChart buckets={series.data.buckets.map((b) => ({ label: b.label, volume: b.volume, verified: b.verified }))} />
          </Suspense>
        ) : (
          <Loading what="the chart" />
        )}
      </section>
      <section aria-labelledby="first-call" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="first-call" className="text-sm font-medium text-slate-600">
          Your first call
        </h2>
        <p className="mt-1 text-sm text-slate-600">A test key answers from the sandbox's fixtures and is never charged. Create one under API keys.</p>
        <pre className="mt-3 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
          {`curl -s ${base}/v1/nin/raw/lookup \\
  -H "x-api-key: $IDV_TEST_KEY" -H 'content-type: application/json' \\
  -d '{"nin":"11111111111","requestReason":"ACCOUNT_OPENING"}'`}
        </pre>
      </section>
    </>
  );
}
