import { type EventMetadata, identity } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { pageSignals, recordSignalDecision, signalId } from '@sais/kit/integrity';
import { sql } from 'kysely';
import { identityErrors } from '../errors.ts';

export type IdentitySignalKind = 'shared-document' | 'shared-address';
export type IdentitySignalStatus = 'open' | 'dismissed' | 'confirmed';

/** Many accounts from one address: at least this many accounts starting sessions within the window. */
export const addressPolicy = { accounts: 5, windowMs: 10 * 60_000, lookbackMs: 30 * 86_400_000 };

export interface IdentitySignal {
  id: string;
  kind: IdentitySignalKind;
  accountIds: string[];
  detectedAt: string;
  evidence: unknown;
  status: IdentitySignalStatus;
  decision: { decidedBy: string; decidedAt: string; reason: string } | null;
}

export interface IdentitySignalQuery {
  filter: { kind?: IdentitySignalKind; status?: IdentitySignalStatus; accountId?: string; ids?: string[] };
  sort: { field: 'detectedAt' | 'kind' | 'status'; order: 'ASC' | 'DESC' };
  from: number;
  to: number;
}

interface SessionStart {
  account_id: string;
  created_at: Date;
}

/**
 * Bursts of sign-ins from one address: maximal stretches where some window of `windowMs` holds
 * sessions of at least `accounts` distinct accounts (overlapping windows merge into one burst).
 */
export function bursts(sessions: readonly SessionStart[], policy = addressPolicy) {
  const sorted = [...sessions].sort((a, b) => +a.created_at - +b.created_at);
  const found: { from: Date; to: Date; sessions: SessionStart[] }[] = [];
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (+sorted[end]!.created_at - +sorted[start]!.created_at > policy.windowMs) start++;
    const window = sorted.slice(start, end + 1);
    if (new Set(window.map((s) => s.account_id)).size < policy.accounts) continue;
    const last = found.at(-1);
    if (last && +sorted[start]!.created_at <= +last.to) {
      last.to = sorted[end]!.created_at;
      last.sessions = [...new Set([...last.sessions, ...window])];
    } else found.push({ from: sorted[start]!.created_at, to: sorted[end]!.created_at, sessions: window });
  }
  return found;
}

/**
 * Identity signals (decision 0008): one identity document behind several accounts (the keyed digest
 * of the normalised certificate number, never the number) and many accounts signing in from one
 * address in a short time. Derived when listed; decisions are events with a reason.
 */
export class IdentitySignals {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {}

  async #detect(): Promise<Omit<IdentitySignal, 'status' | 'decision'>[]> {
    const documents = await sql<{
      certificate_digest: string;
      detected_at: Date;
      verifications: {
        verificationId: string;
        accountId: string;
        certificateType: string;
        certificateNumber: string;
        status: string;
        submittedAt: string;
      }[];
    }>`select certificate_digest, max(submitted_at) as detected_at,
        json_agg(json_build_object('verificationId', verification_id, 'accountId', account_id,
          'certificateType', certificate_type, 'certificateNumber', certificate_masked, 'status', status,
          'submittedAt', submitted_at) order by submitted_at) as verifications
      from identity.verifications where certificate_digest <> '' group by certificate_digest
      having count(distinct account_id) > 1`.execute(this.db);
    const since = new Date(Date.now() - addressPolicy.lookbackMs);
    const sessions = await sql<SessionStart & { ip: string }>`select s.ip, s.account_id, s.created_at
      from identity.sessions s
      where s.created_at >= ${since} and s.ip in (
        select ip from identity.sessions where ip is not null and created_at >= ${since}
        group by ip having count(distinct account_id) >= ${addressPolicy.accounts})
      order by s.ip, s.created_at`.execute(this.db);
    const byAddress = new Map<string, SessionStart[]>();
    for (const row of sessions.rows) byAddress.set(row.ip, [...(byAddress.get(row.ip) ?? []), row]);
    return [
      ...documents.rows.map((row) => ({
        id: signalId('shared-document', row.certificate_digest),
        kind: 'shared-document' as const,
        accountIds: [...new Set(row.verifications.map((v) => v.accountId))].sort(),
        detectedAt: new Date(row.detected_at).toISOString(),
        evidence: { verifications: row.verifications },
      })),
      ...[...byAddress].flatMap(([ip, rows]) =>
        bursts(rows).map((burst) => ({
          id: signalId('shared-address', ip, burst.from.toISOString()),
          kind: 'shared-address' as const,
          accountIds: [...new Set(burst.sessions.map((s) => s.account_id))].sort(),
          detectedAt: new Date(burst.to).toISOString(),
          evidence: {
            address: ip,
            from: new Date(burst.from).toISOString(),
            to: new Date(burst.to).toISOString(),
            policy: { accounts: addressPolicy.accounts, windowMinutes: addressPolicy.windowMs / 60_000 },
            signIns: burst.sessions.map((s) => ({
              accountId: s.account_id,
              at: new Date(s.created_at).toISOString(),
            })),
          },
        })),
      ),
    ];
  }

  async #all(): Promise<IdentitySignal[]> {
    const decisions = await sql<{
      signal_id: string;
      decision: 'dismissed' | 'confirmed';
      reason: string;
      decided_by: string;
      decided_at: Date;
    }>`
      select signal_id, decision, reason, decided_by, decided_at from identity.signal_decisions`.execute(
      this.db,
    );
    const decided = new Map(decisions.rows.map((row) => [row.signal_id, row]));
    return (await this.#detect()).map((signal) => {
      const row = decided.get(signal.id);
      return {
        ...signal,
        status: row?.decision ?? 'open',
        decision: row
          ? {
              decidedBy: row.decided_by,
              decidedAt: new Date(row.decided_at).toISOString(),
              reason: row.reason,
            }
          : null,
      };
    });
  }

  async list(query: IdentitySignalQuery) {
    const { accountId } = query.filter;
    return pageSignals(
      await this.#all(),
      query,
      (signal) => !accountId || signal.accountIds.includes(accountId),
    );
  }

  async one(id: string): Promise<IdentitySignal> {
    const found = (await this.#all()).find((signal) => signal.id === id);
    if (!found) throw identityErrors.identitySignalNotFound();
    return found;
  }

  /** Dismisses or confirms a signal with a reason (disabling an account stays the users page's call). */
  async decide(
    id: string,
    decision: 'dismissed' | 'confirmed',
    reason: string,
    decidedBy: string,
    metadata: EventMetadata,
  ): Promise<IdentitySignal> {
    const signal = await this.one(id);
    const decided = identityErrors.identitySignalDecided;
    if (signal.status !== 'open') throw decided();
    await recordSignalDecision(this.db, this.store, {
      event: identity.IdentitySignalDecided,
      streamId: `identity-signal-${id}`,
      data: { signalId: id, kind: signal.kind, decision, accountIds: signal.accountIds, reason },
      metadata,
      row: (trx) =>
        sql`insert into identity.signal_decisions
          (signal_id, kind, decision, account_ids, reason, decided_by, decided_at)
        values (${id}, ${signal.kind}, ${decision}, ${signal.accountIds}, ${reason}, ${decidedBy}, ${new Date()})`.execute(
          trx,
        ),
      decided,
    });
    return this.one(id);
  }
}
