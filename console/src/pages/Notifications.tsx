import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { api, ApiError, describeError, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { useMe } from '../auth/me';
import { Button, Cell, Confirm, Dialog, Empty, ErrorMessage, Loading, PageTitle, SelectField, Table, TextAreaField, TextField } from '../components/ui';
import { formatCount, formatTime } from '../lib/format';
import { can } from '../lib/roles';
import { placeholdersValid, renderPreview, templateVariables } from '../lib/templates';

type Channel = components['schemas']['NotificationChannel'];
type ChannelName = Channel['channel'];
type Template = components['schemas']['NotificationTemplate'];
type Message = components['schemas']['NotificationMessage'];
type MessageStatus = Message['status'];
interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const DELIVERY: Record<Channel['delivery'], string> = {
  SMTP: 'SMTP server',
  OUTBOX: 'Outbox (development)',
  SMS_GATEWAY: 'SMS gateway',
  HTTPS: 'HTTPS to a webhook endpoint',
};

/** Notifications (DESIGN.md §14, §11.1): channels, templates (built-ins read-only, own ones managed), the messages log. */
export function Notifications() {
  const me = useMe();
  const mayManage = can(me.data?.user.role, 'manageTemplates');
  return (
    <>
      <PageTitle>Notifications</PageTitle>
      <div className="flex flex-col gap-10">
        <Channels />
        <Templates mayManage={mayManage} />
        <Messages />
      </div>
    </>
  );
}

function Section({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {actions && <div className="flex flex-wrap items-end gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

function Channels() {
  const channels = useQuery({ queryKey: ['notification-channels'], queryFn: () => unwrap<Channel[]>(api.GET('/v1/notifications/channels')) });
  return (
    <Section id="channels" title="Channels">
      {channels.error ? (
        <ErrorMessage error={channels.error} />
      ) : !channels.data ? (
        <Loading what="channels" />
      ) : (
        <Table caption="Channels" headers={['Channel', 'Name', 'Delivery']}>
          {channels.data.map((c) => (
            <tr key={c.channel}>
              <Cell className="font-mono">{c.channel}</Cell>
              <Cell>{c.name}</Cell>
              <Cell>{DELIVERY[c.delivery] ?? c.delivery}</Cell>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}

type Editing = { mode: 'create' } | { mode: 'edit'; template: Template } | { mode: 'view'; template: Template };

function Templates({ mayManage }: { mayManage: boolean }) {
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: ['notification-templates'], queryFn: () => unwrap<Template[]>(api.GET('/v1/notifications/templates')) });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const remove = useMutation({
    mutationFn: (name: string) => unwrap(api.DELETE('/v1/notifications/templates/{name}', { params: { path: { name } } })),
    onSuccess: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: ['notification-templates'] });
    },
  });

  return (
    <Section id="templates" title="Templates" actions={mayManage ? <Button onClick={() => setEditing({ mode: 'create' })}>Create template</Button> : undefined}>
      {templates.error ? (
        <ErrorMessage error={templates.error} />
      ) : !templates.data ? (
        <Loading what="templates" />
      ) : templates.data.length === 0 ? (
        <Empty>No templates.</Empty>
      ) : (
        <Table caption="Templates" headers={['Name', 'Channel', 'Subject', 'Variables', 'Kind', 'Sendable', 'Updated', 'Actions']}>
          {templates.data.map((t) => (
            <tr key={t.name}>
              <Cell className="font-mono">{t.name}</Cell>
              <Cell>{t.channel}</Cell>
              <Cell className="max-w-xs truncate">{t.subject ?? '—'}</Cell>
              <Cell className="whitespace-normal">{t.variables.length ? t.variables.join(', ') : '—'}</Cell>
              <Cell>{t.builtIn ? 'Built-in' : 'Own'}</Cell>
              <Cell>{t.sendable ? 'Yes' : 'No'}</Cell>
              <Cell>{formatTime(t.updatedAt)}</Cell>
              <Cell>
                <div className="flex gap-2">
                  {t.builtIn || !mayManage ? (
                    <Button tone="secondary" aria-label={`View ${t.name}`} onClick={() => setEditing({ mode: 'view', template: t })}>
                      View
                    </Button>
                  ) : (
                    <>
                      <Button tone="secondary" aria-label={`Edit ${t.name}`} onClick={() => setEditing({ mode: 'edit', template: t })}>
                        Edit
                      </Button>
                      <Button tone="secondary" aria-label={`Delete ${t.name}`} onClick={() => setDeleting(t)}>
                        Delete
                      </Button>
                    </>
                  )}
                </div>
              </Cell>
            </tr>
          ))}
        </Table>
      )}
      {editing && <TemplateDialog editing={editing} onClose={() => setEditing(null)} />}
      <Confirm
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={`Delete ${deleting?.name ?? 'this template'}?`}
        description="Sends that name it are refused from now on. This cannot be undone."
        confirmLabel="Delete template"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.name)}
      />
      {remove.error && (
        <div className="mt-2">
          <ErrorMessage error={remove.error} />
        </div>
      )}
    </Section>
  );
}


/** Create, edit or (built-ins and readers) view a template, with a live preview filled with sample values. */
function TemplateDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const queryClient = useQueryClient();
  const existing = editing.mode === 'create' ? null : editing.template;
  const readOnly = editing.mode === 'view';
  const [name, setName] = useState(existing?.name ?? '');
  const [channel, setChannel] = useState<ChannelName>(existing?.channel ?? 'email');
  const [subject, setSubject] = useState(existing?.subject ?? '');
  const [body, setBody] = useState(existing?.body ?? '');
  const isEmail = channel === 'email';

  const save = useMutation({
    mutationFn: () => {
      if (editing.mode === 'edit') {
        return unwrap<Template>(
          api.PATCH('/v1/notifications/templates/{name}', {
            params: { path: { name: editing.template.name } },
            body: { body, ...(isEmail ? { subject } : {}) },
          }),
        );
      }
      return unwrap<Template>(api.POST('/v1/notifications/templates', { body: { name: name.trim(), channel, body, ...(isEmail ? { subject } : {}) } }));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['notification-templates'] });
      onClose();
    },
  });
  const fieldError = (field: string) => (save.error instanceof ApiError ? save.error.fieldErrors.find((e) => e.field === field)?.message : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!readOnly) save.mutate();
  };
  const variables = templateVariables(isEmail ? subject : null, body);
  const placeholderHint = (text: string) => (placeholdersValid(text) ? undefined : 'A "{{" here opens no valid placeholder: write {{name}} (a letter, then letters, digits or _).');
  const title = editing.mode === 'create' ? 'Create template' : editing.mode === 'edit' ? `Edit ${editing.template.name}` : editing.template.name;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={readOnly && existing?.builtIn ? 'A built-in template of the service: it cannot be changed.' : undefined}>
      <form className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto pr-1" onSubmit={submit} noValidate>
        {editing.mode === 'create' ? (
          <>
            <TextField
              label="Name"
              required
              maxLength={64}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={fieldError('name')}
              hint="Lower-case words joined by hyphens, e.g. order-shipped"
            />
            <SelectField label="Channel" value={channel} onChange={(e) => setChannel(e.target.value as ChannelName)}>
              <option value="email">email</option>
              <option value="sms">sms</option>
              <option value="webhook">webhook</option>
            </SelectField>
          </>
        ) : (
          <p className="text-sm text-slate-600">
            Channel: <span className="font-mono">{channel}</span>
          </p>
        )}
        {isEmail && (
          <TextField label="Subject" required readOnly={readOnly} maxLength={200} value={subject} onChange={(e) => setSubject(e.target.value)} error={fieldError('subject') ?? placeholderHint(subject)} />
        )}
        <TextAreaField
          label="Body"
          required
          readOnly={readOnly}
          maxLength={channel === 'sms' ? 480 : 20000}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          error={fieldError('body') ?? placeholderHint(body)}
          hint={readOnly ? undefined : `Plain text; placeholders as {{name}}. ${channel === 'sms' ? 'At most 480 characters.' : 'At most 20,000 characters.'}`}
        />
        <section aria-label="Preview" className="rounded-md border border-slate-200 bg-slate-50 p-3">
          <h3 className="text-sm font-medium text-slate-700">Preview with sample values</h3>
          <p className="mt-1 text-xs text-slate-500">Variables: {variables.length ? variables.join(', ') : 'none'}</p>
          {isEmail && <p className="mt-2 text-sm font-semibold break-words">{renderPreview(subject) || '—'}</p>}
          <p className="mt-2 text-sm break-words whitespace-pre-wrap">{renderPreview(body) || '—'}</p>
        </section>
        {save.error && !(save.error instanceof ApiError && save.error.fieldErrors.length > 0) && (
          <p role="alert" className="text-sm text-red-700">
            {describeError(save.error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button tone="secondary" onClick={onClose}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button type="submit" disabled={save.isPending}>
              {editing.mode === 'create' ? 'Create template' : 'Save'}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}

function Messages() {
  const [channel, setChannel] = useState<ChannelName | ''>('');
  const [status, setStatus] = useState<MessageStatus | ''>('');
  const messages = useInfiniteQuery({
    queryKey: ['notification-messages', channel, status],
    queryFn: ({ pageParam }) =>
      unwrap<Page<Message>>(
        api.GET('/v1/notifications/messages', {
          params: { query: { ...(channel ? { channel } : {}), ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = messages.data?.pages.flatMap((p) => p.items);
  const filters = (
    <>
      <SelectField label="Channel filter" value={channel} onChange={(e) => setChannel(e.target.value as ChannelName | '')}>
        <option value="">All channels</option>
        <option value="email">email</option>
        <option value="sms">sms</option>
        <option value="webhook">webhook</option>
      </SelectField>
      <SelectField label="Status filter" value={status} onChange={(e) => setStatus(e.target.value as MessageStatus | '')}>
        <option value="">All statuses</option>
        <option value="QUEUED">QUEUED</option>
        <option value="SENT">SENT</option>
        <option value="FAILED">FAILED</option>
      </SelectField>
    </>
  );

  return (
    <Section id="messages" title="Messages" actions={filters}>
      <p className="mb-3 text-sm text-slate-600">The messages of the last 30 days, newest first. Bodies are never shown; phone numbers are masked.</p>
      {messages.error && !items ? (
        <ErrorMessage error={messages.error} />
      ) : !items ? (
        <Loading what="messages" />
      ) : items.length === 0 ? (
        <Empty>No messages{channel || status ? ' match these filters' : ' in the last 30 days'}.</Empty>
      ) : (
        <>
          <Table caption="Messages" headers={['Time', 'Channel', 'To', 'Template', 'Status', 'Attempts', 'Last error', 'Sent']}>
            {items.map((m) => (
              <tr key={m.id}>
                <Cell>{formatTime(m.createdAt)}</Cell>
                <Cell>{m.channel}</Cell>
                <Cell className="max-w-xs truncate">{m.to}</Cell>
                <Cell className="font-mono">{m.templateName}</Cell>
                <Cell>{m.status}</Cell>
                <Cell>{formatCount(m.attempts)}</Cell>
                <Cell className="whitespace-normal">{m.lastError ?? '—'}</Cell>
                <Cell>{formatTime(m.sentAt)}</Cell>
              </tr>
            ))}
          </Table>
          {messages.error && (
            <div className="mt-2">
              <ErrorMessage error={messages.error} />
            </div>
          )}
          {messages.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button tone="secondary" disabled={messages.isFetchingNextPage} onClick={() => void messages.fetchNextPage()}>
                {messages.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </Section>
  );
}
