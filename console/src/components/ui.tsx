import { Dialog as RadixDialog, Switch as RadixSwitch } from 'radix-ui';
import { useId, useLayoutEffect, useRef, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { ApiError, describeError } from '../api/client';

/** The console's own small set of components, on Radix primitives where behaviour matters (dialogs, switches). */

type Tone = 'primary' | 'secondary' | 'danger';
const TONES: Record<Tone, string> = {
  primary: 'bg-emerald-700 text-white hover:bg-emerald-800 disabled:bg-emerald-700/60',
  secondary: 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60',
};

export function Button({ tone = 'primary', className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: Tone }) {
  return <button type="button" className={`inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${TONES[tone]} ${className}`} {...props} />;
}

/** A label, the control it names, a hint and an error (from the API's field errors), announced and tied to it. */
function Field({ label, error, hint, control }: { label: string; error?: string | undefined; hint?: string | undefined; control: (id: string, describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {control(id, describedBy)}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type FieldProps = { label: string; error?: string | undefined; hint?: string | undefined };

/** A labelled input. */
export function TextField({ label, error, hint, ...props }: InputHTMLAttributes<HTMLInputElement> & FieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      control={(id, describedBy) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm aria-invalid:border-red-600"
          {...props}
        />
      )}
    />
  );
}

/** A labelled multi-line input. */
export function TextAreaField({ label, error, hint, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      control={(id, describedBy) => (
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="min-h-32 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm shadow-sm aria-invalid:border-red-600 read-only:bg-slate-50"
          {...props}
        />
      )}
    />
  );
}

export function SelectField({ label, children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm" {...props}>
        {children}
      </select>
    </div>
  );
}

export function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        className="relative h-6 w-11 rounded-full bg-slate-300 data-[state=checked]:bg-amber-500"
      >
        <RadixSwitch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </RadixSwitch.Root>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}

/** A modal dialog with a title (its accessible name) and an optional description. */
export function Dialog({ open, onOpenChange, title, description, children }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; description?: string; children: ReactNode }) {
  // The focus goes back where it was (the button that opened the dialog) when the dialog closes,
  // also when its page removes it at once: keyboard users keep their place.
  const returnTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      const el = returnTo.current;
      setTimeout(() => {
        if (el?.isConnected) el.focus();
      }, 0);
    };
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 bg-slate-900/40" />
        <RadixDialog.Content
          className="fixed top-1/2 left-1/2 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnTo.current?.isConnected) returnTo.current.focus();
          }}
        >
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>}
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Asks before something that cannot be undone (revoke, remove, delete). */
export function Confirm({ open, onOpenChange, title, description, confirmLabel, onConfirm, busy }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; description: string; confirmLabel: string; onConfirm: () => void; busy?: boolean }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="flex justify-end gap-2">
        <Button tone="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button tone="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold tracking-tight">{children}</h1>
      {actions && <div className="flex gap-2">{actions}</div>}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="text-sm text-slate-600">
      Loading {what}…
    </p>
  );
}

/** An error from the API as a message with what to do, never a blank page. */
export function ErrorMessage({ error }: { error: unknown }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {describeError(error)}
      {error instanceof ApiError && error.status !== 0 && <span className="ml-1 text-red-700/80">({error.code})</span>}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{children}</p>;
}

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-sm font-medium text-slate-600">{title}</h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** A real <table> with <th> headers. */
export function Table({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-700">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export function Cell({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <td className={`px-3 py-2 whitespace-nowrap ${className}`}>{children}</td>;
}
