import fc from 'fast-check';
import { team } from '@sais/events';
import { describe, expect, it } from 'vitest';
import type { AppError } from '@sais/kit/errors';
import {
  type TeamCommand,
  type TeamEvent,
  type TeamRules,
  type TeamState,
  decideTeam,
  evolveTeam,
  foldTeam,
  invitationStatus,
} from '../src/domain/team.ts';

const id = (n: number) => `0b4f6a8e-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [teamId, competitionId, owner, stranger] = [1, 2, 3, 4].map(id) as [string, string, string, string];
const created = {
  type: 'team.TeamCreated',
  data: { teamId, competitionId, ownerId: owner, name: 'Catalysts' },
};
const t0 = Date.parse('2026-03-01T00:00:00Z');
const hour = 3_600_000;
const limits = team.requests.invitationLimits;

/** What happened to one invitation after it was made, in time order. */
type Step =
  { kind: 'join'; at: number; who: number } | { kind: 'revoke'; at: number; by: 'owner' | 'stranger' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('join' as const),
    at: fc.integer({ min: 0, max: 100 * hour }),
    who: fc.integer({ min: 10, max: 60 }),
  }),
  fc.record({
    kind: fc.constant('revoke' as const),
    at: fc.integer({ min: 0, max: 100 * hour }),
    by: fc.constantFrom('owner' as const, 'stranger' as const),
  }),
);

const codeOf = (error: unknown) => (error as AppError).messageKey;

describe('invitation rules (decision 0035), for any history', () => {
  it('a join succeeds exactly when the invitation is neither revoked, used up nor expired and the team has room', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 72 }),
        fc.integer({ min: 1, max: limits.usesMax }),
        fc.integer({ min: 2, max: 30 }),
        fc.array(step, { maxLength: 25 }),
        (hours, maxUses, teamSizeLimit, steps) => {
          const invitationId = id(9);
          const expiresAt = new Date(t0 + hours * hour).toISOString();
          const rulesAt = (at: number): TeamRules => ({
            teamSizeLimit,
            teamMergeDeadline: null,
            now: new Date(t0 + at),
          });
          let state: TeamState = foldTeam([created]);
          const make = decideTeam(
            {
              type: 'CreateInvitation',
              by: owner,
              invitationId,
              codeHash: 'a'.repeat(64),
              expiresAt,
              maxUses,
            },
            state,
            rulesAt(0),
          );
          for (const event of make) state = evolveTeam(state, event);
          // The model: joins so far, revoked or not.
          let joined = 0;
          let revoked = false;
          const members = new Set([owner]);
          for (const [n, s] of [...steps].sort((a, b) => a.at - b.at).entries()) {
            const now = new Date(t0 + s.at);
            if (s.kind === 'revoke') {
              const by = s.by === 'owner' ? owner : stranger;
              const run = () =>
                decideTeam({ type: 'RevokeInvitation', by, invitationId }, state, rulesAt(s.at));
              if (by !== owner) {
                expect(run).toThrow();
                expect(
                  codeOf(
                    (() => {
                      try {
                        run();
                      } catch (e) {
                        return e;
                      }
                    })(),
                  ),
                ).toBe('notTeamOwner');
                continue;
              }
              const events = run();
              const wasOpen = !revoked && joined < maxUses && now.getTime() < Date.parse(expiresAt);
              expect(events.length).toBe(wasOpen ? 1 : 0);
              if (wasOpen) revoked = true;
              for (const event of events) state = evolveTeam(state, event);
              continue;
            }
            const accountId = id(100 + s.who + n * 100);
            const command: TeamCommand = {
              type: 'JoinByInvitation',
              invitationId,
              accountId,
              joinId: id(5000 + n),
            };
            const expected = revoked
              ? 'teamInvitationRevoked'
              : joined >= maxUses
                ? 'teamInvitationUsedUp'
                : now.getTime() >= Date.parse(expiresAt)
                  ? 'teamInvitationExpired'
                  : members.size >= teamSizeLimit
                    ? 'teamFull'
                    : null;
            let events: TeamEvent[] = [];
            let error: unknown = null;
            try {
              events = decideTeam(command, state, rulesAt(s.at));
            } catch (e) {
              error = e;
            }
            if (expected) {
              expect(codeOf(error)).toBe(expected);
              continue;
            }
            expect(error).toBeNull();
            expect(events.map((e) => e.type)).toEqual([team.InvitationUsed.type, team.JoinAccepted.type]);
            expect(events[1]!.data).toMatchObject({
              accountId,
              decidedBy: owner,
              applicationId: id(5000 + n),
            });
            for (const event of events) state = evolveTeam(state, event);
            joined += 1;
            members.add(accountId);
          }
          // Never more joins than the invitation allows, nor members than the team takes.
          expect(joined).toBeLessThanOrEqual(maxUses);
          if (state.status === 'none') throw new Error('no team');
          expect(state.members.length).toBeLessThanOrEqual(teamSizeLimit);
          expect(state.invitations[0]!.uses).toBe(joined);
        },
      ),
    );
  });

  it('the status is revoked, then used up, then expired (at the instant of expiry), else open', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: -10 * hour, max: 10 * hour }),
        (revokedFlag, maxUses, uses, offset) => {
          const expiresAt = new Date(t0).toISOString();
          const invitation = {
            invitationId: id(9),
            createdBy: owner,
            expiresAt,
            maxUses,
            uses,
            revoked: revokedFlag,
          };
          const status = invitationStatus(invitation, new Date(t0 + offset));
          if (revokedFlag) expect(status).toBe('revoked');
          else if (uses >= maxUses) expect(status).toBe('usedUp');
          else if (offset >= 0) expect(status).toBe('expired');
          else expect(status).toBe('open');
        },
      ),
    );
  });

  it('a team holds at most the open invitations the limit allows; expired, revoked and used-up ones free a place', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('make', 'revokeFirstOpen', 'wait'), { maxLength: 30 }),
        (actions) => {
          let state: TeamState = foldTeam([created]);
          let now = t0;
          let n = 0;
          const rules = (): TeamRules => ({ teamSizeLimit: 5, teamMergeDeadline: null, now: new Date(now) });
          for (const action of actions) {
            if (state.status === 'none') throw new Error('no team');
            const open = state.invitations.filter((i) => invitationStatus(i, new Date(now)) === 'open');
            if (action === 'wait') now += 2 * hour;
            else if (action === 'revokeFirstOpen' && open[0]) {
              for (const e of decideTeam(
                { type: 'RevokeInvitation', by: owner, invitationId: open[0].invitationId },
                state,
                rules(),
              ))
                state = evolveTeam(state, e);
            } else if (action === 'make') {
              n += 1;
              const command: TeamCommand = {
                type: 'CreateInvitation',
                by: owner,
                invitationId: id(200 + n),
                codeHash: 'b'.repeat(64),
                expiresAt: new Date(now + 3 * hour).toISOString(),
              };
              if (open.length >= limits.openMax) {
                expect(() => decideTeam(command, state, rules())).toThrow();
                continue;
              }
              const events = decideTeam(command, state, rules());
              // Free seats when not given: 5 places, the owner alone.
              expect(events[0]!.data).toMatchObject({ maxUses: 4 });
              for (const e of events) state = evolveTeam(state, e);
            }
            if (state.status === 'none') throw new Error('no team');
            const stillOpen = state.invitations.filter((i) => invitationStatus(i, new Date(now)) === 'open');
            expect(stillOpen.length).toBeLessThanOrEqual(limits.openMax);
          }
        },
      ),
    );
  });

  it('refuses joining after the team-forming deadline, and a stranger making or listing invitations', () => {
    const state = foldTeam([created]);
    const closed: TeamRules = { teamSizeLimit: 3, teamMergeDeadline: new Date(t0 - hour), now: new Date(t0) };
    expect(() =>
      decideTeam(
        { type: 'JoinByInvitation', invitationId: id(9), accountId: stranger, joinId: id(10) },
        state,
        closed,
      ),
    ).toThrow(expect.objectContaining({ messageKey: 'teamChangesClosed' }));
    const open: TeamRules = { ...closed, teamMergeDeadline: null };
    expect(() =>
      decideTeam(
        {
          type: 'CreateInvitation',
          by: stranger,
          invitationId: id(9),
          codeHash: 'c'.repeat(64),
          expiresAt: new Date(t0 + hour).toISOString(),
        },
        state,
        open,
      ),
    ).toThrow(expect.objectContaining({ messageKey: 'notTeamOwner' }));
    expect(() =>
      decideTeam(
        { type: 'JoinByInvitation', invitationId: id(9), accountId: stranger, joinId: id(10) },
        state,
        open,
      ),
    ).toThrow(expect.objectContaining({ messageKey: 'teamInvitationNotFound' }));
  });
});
