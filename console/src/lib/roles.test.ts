import { describe, expect, it } from 'vitest';
import { can, ROLE_MAP, type Action, type Role } from './roles';

describe('the role map (DESIGN.md §9, §11)', () => {
  const table: Record<Action, Record<Role, boolean>> = {
    manageKeys: { OWNER: true, ADMIN: true, DEVELOPER: true, VIEWER: false },
    fundWallet: { OWNER: true, ADMIN: true, DEVELOPER: false, VIEWER: false },
    setThreshold: { OWNER: true, ADMIN: true, DEVELOPER: false, VIEWER: false },
    switchAccessLevel: { OWNER: true, ADMIN: true, DEVELOPER: false, VIEWER: false },
    inviteMembers: { OWNER: true, ADMIN: true, DEVELOPER: false, VIEWER: false },
    removeMembers: { OWNER: true, ADMIN: true, DEVELOPER: false, VIEWER: false },
    changeRoles: { OWNER: true, ADMIN: false, DEVELOPER: false, VIEWER: false },
    manageWebhooks: { OWNER: true, ADMIN: true, DEVELOPER: true, VIEWER: false },
    manageTemplates: { OWNER: true, ADMIN: true, DEVELOPER: true, VIEWER: false },
    sendNotifications: { OWNER: true, ADMIN: true, DEVELOPER: true, VIEWER: false },
    requestExports: { OWNER: true, ADMIN: true, DEVELOPER: true, VIEWER: true },
  };

  it('matches the contract’s tables, action by action and role by role', () => {
    expect(Object.keys(ROLE_MAP).sort()).toEqual(Object.keys(table).sort());
    for (const [action, roles] of Object.entries(table) as Array<[Action, Record<Role, boolean>]>) {
      for (const [role, allowed] of Object.entries(roles) as Array<[Role, boolean]>) expect([action, role, can(role, action)]).toEqual([action, role, allowed]);
    }
  });

  it('gives nothing to someone with no role (a platform admin outside an organisation)', () => {
    for (const action of Object.keys(table) as Action[]) {
      expect(can(null, action)).toBe(false);
      expect(can(undefined, action)).toBe(false);
    }
  });
});
