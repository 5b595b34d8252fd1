/**
 * What each role may do (DESIGN.md §9 and §11 role tables). The console offers no control for an
 * action the caller's role may not take; the API refuses it anyway (403).
 */
export type Role = 'OWNER' | 'ADMIN' | 'DEVELOPER' | 'VIEWER';

export type Action =
  | 'manageKeys'
  | 'fundWallet'
  | 'setThreshold'
  | 'switchAccessLevel'
  | 'inviteMembers'
  | 'removeMembers'
  | 'changeRoles'
  | 'manageWebhooks'
  | 'manageTemplates'
  | 'sendNotifications'
  | 'requestExports';

const ALL: Role[] = ['OWNER', 'ADMIN', 'DEVELOPER', 'VIEWER'];
const WRITERS: Role[] = ['OWNER', 'ADMIN', 'DEVELOPER'];
const MANAGERS: Role[] = ['OWNER', 'ADMIN'];

export const ROLE_MAP: Record<Action, readonly Role[]> = {
  manageKeys: WRITERS,
  fundWallet: MANAGERS,
  setThreshold: MANAGERS,
  switchAccessLevel: MANAGERS,
  inviteMembers: MANAGERS,
  removeMembers: MANAGERS,
  changeRoles: ['OWNER'],
  manageWebhooks: WRITERS,
  manageTemplates: WRITERS,
  sendNotifications: WRITERS,
  requestExports: ALL,
};

/** Whether a member with this role may take the action (no role: not a member, nothing). */
export function can(role: Role | null | undefined, action: Action): boolean {
  return role != null && ROLE_MAP[action].includes(role);
}
