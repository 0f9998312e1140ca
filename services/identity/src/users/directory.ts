import { type Role, identity } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { type RawBuilder, sql } from 'kysely';
import type { Accounts } from '../accounts.ts';

/** Roles an admin grants and revokes; `participant` belongs to every account (`@sais/events`). */
export const { staffRoles } = identity.requests;
export const accountStatuses = ['active', 'disabled', 'closed', 'deleted'] as const;

export interface UserListQuery {
  sort: { field: 'registeredAt' | 'username'; order: 'ASC' | 'DESC' };
  from: number;
  to: number;
  filter: {
    role?: Role;
    status?: (typeof accountStatuses)[number];
    q?: string;
    ids?: string[];
  };
}

/** The latest of two event types in the account's stream (e.g. the role's grant vs its revocation). */
const latestIs = (wanted: string, other: string, extra: RawBuilder<unknown> = sql`true`) =>
  sql`coalesce((select x.type = ${wanted} from identity.events x
      where x.stream_id = r.stream_id and x.type in (${wanted}, ${other}) and ${extra}
      order by x.stream_version desc limit 1), false)`;

/**
 * Enabled, open accounts holding the admin role; inside a transaction pass its `trx` (the embedded database
 * has one connection).
 */
export async function activeAdminCount(db: Db): Promise<number> {
  const E = identity;
  const admin = latestIs(E.RoleGranted.type, E.RoleRevoked.type, sql`x.data->>'role' = 'admin'`);
  const disabled = latestIs(E.AccountDisabled.type, E.AccountEnabled.type);
  const closed = sql`exists (select 1 from identity.events x
    where x.stream_id = r.stream_id and x.type = ${E.AccountClosed.type})`;
  const row = await sql<{ n: number }>`select count(*)::int as n from identity.events r
    where r.type = ${E.AccountRegistered.type} and ${admin} and not ${disabled} and not ${closed}`.execute(
    db,
  );
  return row.rows[0]?.n ?? 0;
}

/**
 * The operators' and admins' view of accounts: found from the AccountRegistered events (the event
 * store is the source of truth; no second copy to keep), searched through the unique account keys,
 * each record folded from its stream.
 */
export class UserDirectory {
  constructor(
    private readonly db: Db,
    private readonly accounts: Accounts,
    /** The day a closed account's personal data is deleted (null while the calendar cannot tell). */
    private readonly deletionDay: (closedAt: Date) => string | null = () => null,
  ) {}

  async list(query: UserListQuery) {
    const { role, status, q, ids } = query.filter;
    const E = identity;
    const conditions: RawBuilder<unknown>[] = [sql`r.type = ${E.AccountRegistered.type}`];
    if (ids) conditions.push(sql`r.data->>'accountId' = any(${ids}::text[])`);
    if (role && role !== 'participant')
      conditions.push(latestIs(E.RoleGranted.type, E.RoleRevoked.type, sql`x.data->>'role' = ${role}`));
    if (status) {
      const disabled = latestIs(E.AccountDisabled.type, E.AccountEnabled.type);
      const has = (type: string) =>
        sql`exists (select 1 from identity.events x where x.stream_id = r.stream_id and x.type = ${type})`;
      const closed = has(E.AccountClosed.type);
      const deleted = has(E.AccountDeleted.type);
      conditions.push(
        {
          active: sql`not ${disabled} and not ${closed}`,
          disabled: sql`${disabled} and not ${closed}`,
          closed: sql`${closed} and not ${deleted}`,
          deleted,
        }[status],
      );
    }
    if (q) {
      const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(sql`exists (select 1 from identity.account_keys k
        where k.account_id::text = r.data->>'accountId' and lower(k.value) like ${pattern})`);
    }
    // Usernames are sealed in the events (decision 0017): sorted by the sign-in keys (deleted ones last).
    const column =
      query.sort.field === 'username'
        ? sql`(select k.value from identity.account_keys k
            where k.kind = 'username' and k.account_id::text = r.data->>'accountId')`
        : sql`r.global_position`;
    const order = query.sort.order === 'ASC' ? sql`asc` : sql`desc`;
    const where = sql.join(conditions, sql` and `);
    const rows = await sql<{ account_id: string; occurred_at: Date; total: string }>`
      select r.data->>'accountId' as account_id, r.occurred_at, count(*) over () as total
      from identity.events r where ${where}
      order by ${column} ${order}
      offset ${query.from} limit ${query.to - query.from + 1}`.execute(this.db);
    const total = rows.rows[0]
      ? Number(rows.rows[0].total)
      : ((
          await sql<{ n: number }>`select count(*)::int as n from identity.events r where ${where}`.execute(
            this.db,
          )
        ).rows[0]?.n ?? 0);
    const records = await Promise.all(
      rows.rows.map((row) => this.one(row.account_id, new Date(row.occurred_at).toISOString())),
    );
    return { total, records };
  }

  /** One account as the console shows it (no credentials, no certificate data). */
  async one(accountId: string, registeredAt?: string) {
    const { state } = await this.accounts.load(accountId);
    const reason = state.status === 'disabled' ? await this.#disabledReason(accountId) : null;
    return {
      id: state.accountId,
      username: state.username,
      email: state.email,
      phone: state.phone,
      nickname: state.profile.nickname ?? null,
      roles: state.roles,
      status: state.status,
      disabledReason: reason,
      closedAt: state.closedAt,
      deleteAfter:
        state.status === 'closed' && state.closedAt ? this.deletionDay(new Date(state.closedAt)) : null,
      registeredAt: registeredAt ?? (await this.#registeredAt(accountId)),
    };
  }

  async #disabledReason(accountId: string) {
    const row = await sql<{ reason: string }>`select data->>'reason' as reason from identity.events
      where stream_id = ${`account-${accountId}`} and type = ${identity.AccountDisabled.type}
      order by stream_version desc limit 1`.execute(this.db);
    return row.rows[0]?.reason ?? null;
  }

  async #registeredAt(accountId: string) {
    const row = await sql<{ occurred_at: Date }>`select occurred_at from identity.events
      where stream_id = ${`account-${accountId}`} and stream_version = 1`.execute(this.db);
    return row.rows[0] ? new Date(row.rows[0].occurred_at).toISOString() : null;
  }
}
