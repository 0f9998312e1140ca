import type { Role } from '@sais/events';
import { describe, expect, it } from 'vitest';
import { type StaffAction, checkStaffAction } from '../src/domain/staff-rules.ts';

const admin = { accountId: 'admin-1', roles: ['participant', 'admin'] as Role[] };
const operator = { accountId: 'operator-1', roles: ['participant', 'operator'] as Role[] };
const account = (accountId: string, roles: Role[]) => ({ accountId, roles, status: 'active' as const });

const attempt =
  (
    action: StaffAction,
    actor: { accountId: string; roles: Role[] },
    target: ReturnType<typeof account>,
    activeAdmins = 2,
  ) =>
  () =>
    checkStaffAction(action, { actorId: actor.accountId, actorRoles: actor.roles, target, activeAdmins });

describe('separation of duties on accounts', () => {
  it('lets an operator disable a participant', () => {
    expect(attempt({ type: 'disable' }, operator, account('p', ['participant']))).not.toThrow();
  });
  it('refuses an operator disabling or enabling an admin or another staff member', () => {
    expect(attempt({ type: 'disable' }, operator, account('a', ['participant', 'admin']))).toThrow(
      'staffNeedsAdmin',
    );
    expect(attempt({ type: 'enable' }, operator, account('r', ['participant', 'reviewer']))).toThrow(
      'staffNeedsAdmin',
    );
  });
  it('refuses an operator changing roles', () => {
    expect(attempt({ type: 'revoke', role: 'admin' }, operator, account('a', ['admin']))).toThrow();
    expect(attempt({ type: 'grant', role: 'operator' }, operator, account('p', ['participant']))).toThrow();
  });
  it('keeps the last admin: neither disabled nor demoted', () => {
    const other = account('admin-2', ['participant', 'admin']);
    expect(attempt({ type: 'disable' }, admin, other, 1)).toThrow('lastAdmin');
    expect(attempt({ type: 'revoke', role: 'admin' }, admin, other, 1)).toThrow('lastAdmin');
    expect(attempt({ type: 'revoke', role: 'admin' }, admin, other, 2)).not.toThrow();
  });
  it('refuses an admin disabling themselves or taking their own admin role', () => {
    const self = account(admin.accountId, admin.roles);
    expect(attempt({ type: 'disable' }, admin, self)).toThrow('notOnOwnAccount');
    expect(attempt({ type: 'revoke', role: 'admin' }, admin, self)).toThrow('notOnOwnAccount');
    expect(attempt({ type: 'revoke', role: 'reviewer' }, admin, self)).not.toThrow();
  });
});
