import type { EventMetadata, Role } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { sql } from 'kysely';
import type { Accounts } from '../accounts.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { AccountClosures } from '../closure/closures.ts';
import { type StaffAction, checkStaffAction } from '../domain/staff-rules.ts';
import { activeAdminCount } from './directory.ts';

export type StaffChange =
  | { type: 'disable'; reason: string }
  | { type: 'close'; reason: string }
  | { type: 'enable' }
  | { type: 'grant'; role: Role }
  | { type: 'revoke'; role: Role };

/**
 * A staff member's change to an account (disable, enable, close, grant, revoke), checked against separation
 * of duties (domain/staff-rules.ts) and made in one transaction. Changes are taken one at a time (a
 * transaction-scoped advisory lock), so the admin count the rule reads stays true until the change
 * commits: two admins demoting each other at the same instant cannot leave the platform without one.
 */
export class StaffActions {
  constructor(
    private readonly db: Db,
    private readonly accounts: Accounts,
    private readonly sessions: Sessions,
    private readonly closures: AccountClosures,
  ) {}

  async change(targetId: string, change: StaffChange, actor: { accountId: string }, metadata: EventMetadata) {
    await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('identity.staff-changes'))`.execute(trx);
      const { state } = await this.accounts.load(targetId, trx);
      // The actor's roles as they are now, not as the request found them: a change that committed
      // while this one waited for the lock may have taken them away.
      const current = await this.accounts.load(actor.accountId, trx);
      const action: StaffAction =
        change.type === 'disable' || change.type === 'close' ? { type: change.type } : change;
      checkStaffAction(action, {
        actorId: actor.accountId,
        actorRoles: current.state.status === 'active' ? current.state.roles : [],
        target: { accountId: state.accountId, roles: state.roles, status: state.status },
        activeAdmins: await activeAdminCount(trx),
      });
      switch (change.type) {
        case 'disable':
          await this.accounts.execute(
            trx,
            targetId,
            { type: 'DisableAccount', reason: change.reason },
            metadata,
          );
          await this.sessions.revokeAll(trx, targetId, 'account-disabled', metadata);
          return;
        case 'close':
          await this.closures.closeWithin(trx, targetId, 'admin', change.reason, metadata);
          return;
        case 'enable':
          await this.accounts.execute(trx, targetId, { type: 'EnableAccount' }, metadata);
          return;
        case 'grant':
          await this.accounts.execute(trx, targetId, { type: 'GrantRole', role: change.role }, metadata);
          return;
        case 'revoke':
          await this.accounts.execute(trx, targetId, { type: 'RevokeRole', role: change.role }, metadata);
          return;
      }
    });
  }
}
