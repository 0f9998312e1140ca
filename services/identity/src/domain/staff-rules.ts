import type { Role } from '@sais/events';
import { ForbiddenError } from '@sais/kit/errors';
import { identityErrors } from '../errors.ts';

/** What a staff member does to an account from the console. */
export type StaffAction =
  | { type: 'disable' }
  | { type: 'close' }
  | { type: 'enable' }
  | { type: 'grant'; role: Role }
  | { type: 'revoke'; role: Role };

/** The facts the rules need, read before the action. */
export interface StaffActionFacts {
  actorId: string;
  actorRoles: readonly Role[];
  target: { accountId: string; roles: readonly Role[]; status: 'active' | 'disabled' | 'closed' | 'deleted' };
  /** Enabled accounts holding the admin role, the target included. */
  activeAdmins: number;
}

const isStaff = (roles: readonly Role[]) => roles.some((role) => role !== 'participant');

/**
 * Separation of duties on accounts (issue 19): only admins change staff roles, close accounts, or
 * disable / enable a staff account (an operator may still disable a participant); nobody disables or
 * closes their own account or takes their own admin role; the last enabled admin is never disabled,
 * closed nor demoted.
 */
export function checkStaffAction(action: StaffAction, facts: StaffActionFacts): void {
  const { actorId, actorRoles, target } = facts;
  const actorIsAdmin = actorRoles.includes('admin');
  const self = target.accountId === actorId;
  if ((action.type === 'grant' || action.type === 'revoke' || action.type === 'close') && !actorIsAdmin)
    throw new ForbiddenError();
  const removesAdmin =
    action.type === 'disable' ||
    action.type === 'close' ||
    (action.type === 'revoke' && action.role === 'admin');
  if (removesAdmin && self) throw identityErrors.notOnOwnAccount();
  if ((action.type === 'disable' || action.type === 'enable') && isStaff(target.roles) && !actorIsAdmin)
    throw identityErrors.staffNeedsAdmin();
  if (!removesAdmin) return;
  if (target.roles.includes('admin') && target.status === 'active' && facts.activeAdmins <= 1)
    throw identityErrors.lastAdmin();
}
