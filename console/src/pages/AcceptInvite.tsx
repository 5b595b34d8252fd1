import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, ApiError, describeError, unwrap } from '../api/client';
import { startWith } from '../auth/session';
import { Button, TextField } from '../components/ui';

interface Pair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** Whether an answer is a token pair (the API may sign the new member in at once). */
export function isTokenPair(value: unknown): value is Pair {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.accessToken === 'string' && typeof v.refreshToken === 'string' && typeof v.expiresIn === 'number';
}

function messageOf(err: unknown): string {
  if (err instanceof ApiError && err.status === 401) return 'This invitation is not valid: it was already used, has expired, or the link is incomplete. Ask for a new invitation.';
  if (err instanceof ApiError && err.status === 409) return 'This email already has an active account. Sign in instead.';
  return describeError(err);
}

/**
 * Accept an invitation (DESIGN.md §9, §14): set a password from the emailed link, then sign in. The API does not tell the
 * organisation's name before the invitation is accepted, so the heading names none.
 */
export function AcceptInvite() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  // The token is kept in memory and taken out of the address bar (no token in a URL, nor in the history).
  const [token] = useState(() => params.get('token'));
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (params.has('token')) {
      const next = new URLSearchParams(params);
      next.delete('token');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await unwrap<unknown>(api.POST('/v1/auth/accept-invite', { body: { token, password } }));
      setPassword('');
      if (isTokenPair(answer)) {
        startWith(answer);
        navigate('/', { replace: true });
      } else {
        navigate('/login', { replace: true });
      }
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  const passwordError = error instanceof ApiError ? error.fieldErrors.find((f) => f.field === 'password')?.message : undefined;

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <p className="mb-2 text-lg font-bold text-emerald-800">idv</p>
        <h1 className="mb-4 text-2xl font-semibold">Join your organisation</h1>
        {!token ? (
          <div className="flex flex-col gap-3">
            <p role="alert" className="text-sm text-red-700">
              This invitation link is incomplete. Open the link from your invitation email again, or ask for a new invitation.
            </p>
            <Link to="/login" className="text-sm font-medium text-emerald-800 underline">
              Go to sign in
            </Link>
          </div>
        ) : (
          <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
            <p className="text-sm text-slate-600">Choose a password to activate your account.</p>
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              required
              hint="At least 10 characters."
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={passwordError}
            />
            {error !== null && !passwordError && (
              <p role="alert" className="text-sm text-red-700">
                {messageOf(error)}
              </p>
            )}
            <Button type="submit" disabled={busy}>
              Join
            </Button>
            <p className="text-sm text-slate-600">
              Already have an account?{' '}
              <Link to="/login" className="font-medium text-emerald-800 underline">
                Sign in
              </Link>
            </p>
          </form>
        )}
      </div>
    </main>
  );
}
