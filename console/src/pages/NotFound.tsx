import { Link } from 'react-router';

export function NotFound() {
  return (
    <div>
      <h1 className="mb-2 text-2xl font-semibold">Page not found</h1>
      <p className="text-sm text-slate-600">
        There is no page at this address. <Link className="text-emerald-800 underline" to="/">Go to the overview</Link>.
      </p>
    </div>
  );
}
