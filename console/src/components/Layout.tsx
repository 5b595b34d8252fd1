import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { apiReachable, onReachableChange } from '../api/client';
import { NavLink, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMe } from '../auth/me';
import { signOut } from '../auth/session';
import { useEnvironment, withEnv } from '../lib/env';
import { Button, Switch } from './ui';

const NAV = [
  { to: '/', label: 'Overview' },
  { to: '/verifications', label: 'Verifications' },
  { to: '/exports', label: 'Exports' },
  { to: '/api-keys', label: 'API keys' },
  { to: '/wallet', label: 'Wallet' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/notifications', label: 'Notifications' },
  { to: '/members', label: 'Members' },
  { to: '/settings', label: 'Organisation' },
];

/** The frame of every signed-in page: header (organisation, test/live switch, sign out), navigation, the test-mode banner. */
export function Layout() {
  const env = useEnvironment();
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  const setTest = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set('env', 'test');
    else next.delete('env');
    setParams(next);
  };
  const out = async () => {
    await signOut();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
  // A platform admin outside any organisation has only the platform to look at.
  const member = me.data?.user.organisationId != null;
  // The API down: a banner, and the page's data asked for again every 5 s until it answers.
  const reachable = useSyncExternalStore(onReachableChange, apiReachable);
  useEffect(() => {
    if (reachable) return;
    const timer = setInterval(() => void queryClient.refetchQueries({ type: 'active' }), 5_000);
    return () => clearInterval(timer);
  }, [reachable, queryClient]);
  const nav = [...(member || !me.data ? NAV : NAV.filter((item) => item.to === '/')), ...(me.data?.user.isPlatformAdmin ? [{ to: '/admin', label: 'Platform' }] : [])];

  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      {!reachable && (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3 bg-red-700 px-4 py-2 text-sm text-white">
          <span>The API cannot be reached. The console keeps trying.</span>
          <Button tone="secondary" onClick={() => void queryClient.refetchQueries({ type: 'active' })}>
            Retry now
          </Button>
        </div>
      )}
      {env === 'test' && (
        <div role="status" className="bg-amber-400 px-4 py-1 text-center text-sm font-semibold text-amber-950">
          Test mode
        </div>
      )}
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <div className="flex items-center gap-3">
          <span className="text-lg font-bold text-emerald-800">idv</span>
          <span className="text-sm text-slate-600">{me.data?.organisation?.name ?? ''}</span>
        </div>
        <div className="flex items-center gap-4">
          <Switch label="Test mode" checked={env === 'test'} onChange={setTest} />
          <span className="hidden text-sm text-slate-600 sm:inline">{me.data?.user.email}</span>
          <Button tone="secondary" onClick={() => void out()}>
            Sign out
          </Button>
        </div>
      </header>
      <div className="flex flex-col md:flex-row">
        <nav aria-label="Main" className="border-b border-slate-200 bg-white md:min-h-[calc(100vh-57px)] md:w-56 md:border-r md:border-b-0">
          <ul className="flex flex-wrap gap-1 p-2 md:flex-col">
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={withEnv(item.to, env)}
                  end={item.to === '/'}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-emerald-50 font-semibold text-emerald-900' : 'text-slate-700 hover:bg-slate-100'}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="flex-1 p-4 md:p-8" key={location.pathname}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
