import { useState } from 'react';
import { Button } from './ui';

/** A secret at its one showing (like the API key's): a warning, the value, "Copy" and "Done". Closing forgets it. */
export function OneTimeSecret({ secret, label, onDone, warning = 'Copy the signing secret now: it is not shown again.' }: { secret: string; label: string; onDone: () => void; warning?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        {warning}
      </p>
      <code aria-label={label} className="block overflow-x-auto rounded-md bg-slate-900 p-3 text-xs break-all text-slate-100">
        {secret}
      </code>
      <div className="flex justify-end gap-2">
        <Button
          tone="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => setCopied(false));
          }}
        >
          Copy
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
      {copied && (
        <p role="status" className="text-sm text-emerald-800">
          Copied.
        </p>
      )}
    </div>
  );
}
