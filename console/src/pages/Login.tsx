import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError, describeError } from '../api/client';
import { finishSignIn, isSignedIn, startSignIn } from '../auth/session';
import { Button, TextField } from '../components/ui';

/** Only a path of this console: never another origin (an open redirect). */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // Sign-in itself is never the page to come back to (a loop of ?next=/login?next=…).
  if (/^\/login(?:[/?#]|$)/.test(next)) return '/';
  return next;
}

function messageOf(err: unknown): string {
  if (err instanceof ApiError && err.status === 401) return 'The email, password or code is not right.';
  if (err instanceof ApiError && err.status === 400 && err.fieldErrors.length > 0) return err.fieldErrors.map((e) => e.message).join('; ');
  return describeError(err);
}

/** Sign in (DESIGN.md §9, §14): email and password, then the 6-digit code sent by email. */
export function Login() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [loginToken, setLoginToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (isSignedIn() && !busy) return <Navigate to={next} replace />;

  const submitPassword = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setLoginToken(await startSignIn(email.trim(), password));
      setPassword('');
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (!loginToken) return;
    setBusy(true);
    setError(null);
    try {
      await finishSignIn(loginToken, code.trim());
      navigate(next, { replace: true });
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <p className="mb-2 text-lg font-bold text-emerald-800">idv</p>
        <h1 className="mb-4 text-2xl font-semibold">Sign in</h1>
        {loginToken === null ? (
          <form className="flex flex-col gap-4" onSubmit={(e) => void submitPassword(e)} noValidate>
            <TextField label="Email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
            <TextField label="Password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <Button type="submit" disabled={busy}>
              Sign in
            </Button>
          </form>
        ) : (
          <form className="flex flex-col gap-4" onSubmit={(e) => void submitCode(e)} noValidate>
            <p className="text-sm text-slate-600">We sent a 6-digit code to {email.trim()}. It is valid for 10 minutes.</p>
            <TextField label="Code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required value={code} onChange={(e) => setCode(e.target.value)} />
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <Button type="submit" disabled={busy}>
              Verify
            </Button>
            <Button tone="secondary" onClick={() => { setLoginToken(null); setCode(''); setError(null); }}>
              Use another account
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
