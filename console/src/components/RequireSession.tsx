import { useEffect, useState, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { hasStoredSession, isSignedIn, onSessionChange, refresh } from '../auth/session';
import { Loading } from './ui';

/** Lets the pages below render only with a session: a stored one is renewed first; none goes to sign-in, keeping the page asked for. */
export function RequireSession() {
  const signedIn = useSyncExternalStore(onSessionChange, isSignedIn);
  const location = useLocation();
  const [restoring, setRestoring] = useState(() => !isSignedIn() && hasStoredSession());

  useEffect(() => {
    if (!restoring) return;
    void refresh().finally(() => setRestoring(false));
  }, [restoring]);

  if (restoring) return <Loading what="your session" />;
  if (!signedIn) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}
