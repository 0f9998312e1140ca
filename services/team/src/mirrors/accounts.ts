import { identity } from '@sais/events';
import { dataOf, isEvent } from '@sais/kit/eventstore';
import { defineProjection } from '@sais/kit/projections';
import { type AccountsTable, teamDb } from '../db/tables.ts';

/** Real-name status as the portal shows it (spec §4: Not Verified, Processing, Verified). */
const authStatusAfter: Record<string, string> = {
  [identity.IdentityVerificationSubmitted.type]: 'Processing',
  [identity.IdentityVerificationApproved.type]: 'Verified',
  [identity.IdentityVerificationRejected.type]: 'Not Verified',
};
const verificationOutcomes = [
  identity.IdentityVerificationSubmitted,
  identity.IdentityVerificationApproved,
  identity.IdentityVerificationRejected,
] as const;

/**
 * What the team view shows of each member: names, email, organization and authentication status.
 * Personal fields arrive opened, or null once the person's data is deleted (then blank, `deleted`).
 */
export const accountsMirror = defineProjection({
  name: 'team.accounts',
  schema: 'team',
  tables: ['accounts'],
  streamTypes: [identity.AccountRegistered.aggregate, identity.IdentityVerificationApproved.aggregate],
  async apply(trx, event) {
    const accounts = teamDb(trx);
    // Account and verification events travel on different topics, so either may arrive first: every
    // change is an upsert onto a row that the first of them creates.
    const upsert = async (accountId: string, set: Partial<AccountsTable>) => {
      if (Object.keys(set).length === 0) return;
      await accounts
        .insertInto('accounts')
        .values({
          account_id: accountId,
          username: '',
          email: null,
          nickname: null,
          organization: null,
          auth_status: 'Not Verified',
          ...set,
        })
        .onConflict((oc) => oc.column('account_id').doUpdateSet(set))
        .execute();
    };
    switch (event.type) {
      case identity.AccountRegistered.type: {
        const { accountId, username, email } = dataOf(identity.AccountRegistered, event);
        await upsert(accountId, { username: username ?? '', email });
        return;
      }
      case identity.ContactChanged.type: {
        const { accountId, channel, value } = dataOf(identity.ContactChanged, event);
        if (channel === 'email' && value !== null) await upsert(accountId, { email: value });
        return;
      }
      case identity.ProfileUpdated.type: {
        const { accountId, changes } = dataOf(identity.ProfileUpdated, event);
        if (!changes) return;
        await upsert(accountId, {
          ...(changes.nickname !== undefined && { nickname: changes.nickname || null }),
          ...(changes.organization !== undefined && { organization: changes.organization || null }),
        });
        return;
      }
      case identity.AccountDeleted.type: {
        // The person's data was deleted: their row stays (teams still list the member), blank and marked.
        const { accountId } = dataOf(identity.AccountDeleted, event);
        await upsert(accountId, {
          username: '',
          email: null,
          nickname: null,
          organization: null,
          deleted: true,
        });
        return;
      }
      default: {
        // Verification streams are per account, but events of one stream name the account in their data.
        if (isEvent(verificationOutcomes, event))
          await upsert(event.data.accountId, { auth_status: authStatusAfter[event.type]! });
      }
    }
  },
  async reset(trx) {
    await teamDb(trx).deleteFrom('accounts').execute();
  },
});
