import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { api, ApiError, describeError, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { useMe } from '../auth/me';
import { Button, Cell, Confirm, Dialog, Empty, ErrorMessage, Loading, PageTitle, SelectField, Table, TextField } from '../components/ui';
import { can, type Role } from '../lib/roles';

type Member = components['schemas']['Member'];

const ROLES: Role[] = ['OWNER', 'ADMIN', 'DEVELOPER', 'VIEWER'];
const STATUS_LABEL: Record<Member['status'], string> = { ACTIVE: 'Active', INVITED: 'Invited' };

/** Members (DESIGN.md §9, §14): the table, "Invite member" and "Remove" for managers, role changes for OWNERs. */
export function Members() {
  const me = useMe();
  const role = me.data?.user.role;
  const myEmail = me.data?.user.email.toLowerCase();
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: ['members'], queryFn: () => unwrap<Member[]>(api.GET('/v1/organisation/members')) });
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const mayInvite = can(role, 'inviteMembers');
  const mayRemove = can(role, 'removeMembers');
  const mayChangeRoles = can(role, 'changeRoles');
  // Only an OWNER removes an OWNER; nobody removes themselves here.
  const removable = (m: Member) => mayRemove && m.email.toLowerCase() !== myEmail && (m.role !== 'OWNER' || mayChangeRoles);

  const remove = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/v1/organisation/members/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: ['members'] });
    },
  });
  const changeRole = useMutation({
    mutationFn: ({ id, role: next }: { id: string; role: Role }) => unwrap<Member>(api.PATCH('/v1/organisation/members/{id}', { params: { path: { id } }, body: { role: next } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['members'] }),
  });
  const showActions = mayRemove;

  return (
    <>
      <PageTitle actions={mayInvite ? <Button onClick={() => setInviting(true)}>Invite member</Button> : undefined}>Members</PageTitle>
      {changeRole.error && (
        <div className="mb-4">
          <ErrorMessage error={changeRole.error} />
        </div>
      )}
      {members.error ? (
        <ErrorMessage error={members.error} />
      ) : !members.data ? (
        <Loading what="members" />
      ) : members.data.length === 0 ? (
        <Empty>No members yet.</Empty>
      ) : (
        <Table caption="Members" headers={['Email', 'Role', 'Status', ...(showActions ? ['Actions'] : [])]}>
          {members.data.map((m) => (
            <tr key={m.id}>
              <Cell>{m.email}</Cell>
              <Cell>{mayChangeRoles ? <RoleSelect member={m} busy={changeRole.isPending} onChange={(next) => changeRole.mutate({ id: m.id, role: next })} /> : m.role}</Cell>
              <Cell>{STATUS_LABEL[m.status]}</Cell>
              {showActions && (
                <Cell>
                  {removable(m) && (
                    <Button tone="secondary" onClick={() => setRemoving(m)} aria-label={`Remove ${m.email}`}>
                      Remove
                    </Button>
                  )}
                </Cell>
              )}
            </tr>
          ))}
        </Table>
      )}
      {inviting && <InviteMember mayInviteOwner={mayChangeRoles} onClose={() => setInviting(false)} />}
      <Confirm
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(null);
            remove.reset();
          }
        }}
        title={`Remove ${removing?.email ?? 'this member'}?`}
        description={removing?.status === 'INVITED' ? 'The invitation stops working.' : 'They lose access at once and their sessions end.'}
        confirmLabel="Remove member"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
      />
      {remove.error && (
        <div className="mt-4">
          <ErrorMessage error={remove.error} />
        </div>
      )}
    </>
  );
}

/** The role of one member as a select, for OWNERs; changes apply at once. */
function RoleSelect({ member, busy, onChange }: { member: Member; busy: boolean; onChange: (role: Role) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Role for {member.email}
      </label>
      <select
        id={id}
        value={member.role}
        disabled={busy}
        onChange={(e) => e.target.value !== member.role && onChange(e.target.value as Role)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
    </>
  );
}

/** "Invite member": email and role; the API emails the invitation. */
function InviteMember({ mayInviteOwner, onClose }: { mayInviteOwner: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('DEVELOPER');
  const invite = useMutation({
    mutationFn: () => unwrap<Member>(api.POST('/v1/organisation/members', { body: { email: email.trim(), role } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['members'] });
      onClose();
    },
  });
  const fieldError = (field: string) => (invite.error instanceof ApiError ? invite.error.fieldErrors.find((e) => e.field === field)?.message : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Invite member" description="We email them a link to set their password and join.">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={fieldError('email')} />
        <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.filter((r) => r !== 'OWNER' || mayInviteOwner).map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        {fieldError('role') && <p className="text-sm text-red-700">{fieldError('role')}</p>}
        {invite.error && !(invite.error instanceof ApiError && invite.error.fieldErrors.length > 0) && (
          <p role="alert" className="text-sm text-red-700">
            {invite.error instanceof ApiError && invite.error.status === 409 ? 'This email is already a member or has an invitation.' : describeError(invite.error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button tone="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            Invite member
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
