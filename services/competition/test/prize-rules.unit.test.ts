import { competition } from '@sais/events';
import { competitionSettings } from '@sais/events/fixtures';
import { AppError } from '@sais/kit/errors';
import { deciderSpec } from '@sais/kit/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CompetitionCommand,
  type CompetitionEvent,
  type CompetitionState,
  decideCompetition,
  evolveCompetition,
  foldCompetition,
  initialCompetition,
} from '../src/domain/competition.ts';

const competitionId = '5c1e0a77-0000-4000-8000-000000000009';
const given = deciderSpec<CompetitionCommand, CompetitionState, CompetitionEvent>({
  fold: foldCompetition,
  decide: decideCompetition,
});
const createdWith = (changes: Partial<competition.CompetitionSettings>): CompetitionEvent => ({
  type: 'competition.CompetitionCreated',
  data: { competitionId, settings: competitionSettings(changes) },
});

/**
 * Issue 33, finding 2: one operator got round the two-operator rule for prize money by creating a
 * competition with bonus 0 and one-operator publication, then raising the bonus (or both in one PUT).
 * The rule is judged on the settings after the change, whatever the path.
 */
describe('the two-operator rule for prize money, on the state after every change (issue 33)', () => {
  const lone = createdWith({ bonus: 0, finalResultsApproval: 'one-operator' });

  it('refuses an operator raising the bonus of a one-operator competition, in one step or two', () => {
    given([lone])
      .when({ type: 'Update', changes: { bonus: 100_000 } })
      .thenThrows('publicationRuleAdminOnly');
    given([createdWith({ bonus: 0, finalResultsApproval: null })])
      .when({ type: 'Update', changes: { bonus: 100_000, finalResultsApproval: 'one-operator' } })
      .thenThrows('publicationRuleAdminOnly');
    // Raising it with two operators in force is anyone's; so is strengthening the rule.
    given([lone])
      .when({ type: 'Update', changes: { bonus: 100_000, finalResultsApproval: 'two-operators' } })
      .then([
        {
          type: 'competition.CompetitionUpdated',
          data: { competitionId, changes: { bonus: 100_000, finalResultsApproval: 'two-operators' } },
        },
      ]);
    // An admin decides the rest.
    given([lone])
      .when({ type: 'Update', changes: { bonus: 100_000 }, byAdmin: true })
      .then([
        { type: 'competition.CompetitionUpdated', data: { competitionId, changes: { bonus: 100_000 } } },
      ]);
  });

  it('makes the prize money of a prize competition an admin’s, and leaves untouched settings alone', () => {
    const prize = createdWith({ bonus: 100_000, finalResultsApproval: null });
    for (const bonus of [1, 200_000])
      given([prize]).when({ type: 'Update', changes: { bonus } }).thenThrows('prizeMoneyAdminOnly');
    // A prize competition an admin let one operator publish: other settings stay an operator's.
    const allowed = createdWith({ bonus: 100_000, finalResultsApproval: 'one-operator' });
    given([allowed])
      .when({ type: 'Update', changes: { dailySubmissionLimit: 9 } })
      .then([
        {
          type: 'competition.CompetitionUpdated',
          data: { competitionId, changes: { dailySubmissionLimit: 9 } },
        },
      ]);
  });

  it('holds for any sequence of an operator’s creations and changes (property)', () => {
    const bonus = fc.constantFrom(0, 1, 100_000, 200_000);
    const approval = fc.constantFrom(null, 'one-operator' as const, 'two-operators' as const);
    const changes = fc.record(
      { bonus, finalResultsApproval: approval, dailySubmissionLimit: fc.integer({ min: 1, max: 9 }) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.record({ bonus, finalResultsApproval: approval }),
        fc.array(changes, { maxLength: 8 }),
        (start, steps) => {
          const commands: CompetitionCommand[] = [
            { type: 'Create', competitionId, settings: competitionSettings(start) },
            ...steps.map((step) => ({ type: 'Update' as const, changes: step })),
          ];
          let state = initialCompetition;
          let firstPrize: number | null = null;
          for (const command of commands) {
            let events: CompetitionEvent[];
            try {
              events = decideCompetition(command, state);
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              continue;
            }
            state = events.reduce(evolveCompetition, state);
            if (state.status !== 'exists') continue;
            const { settings } = state;
            // Never prize money with one operator publishing, and prize money once set never moves.
            expect(settings.bonus > 0 && competition.publicationRuleOf(settings) === 'one-operator').toBe(
              false,
            );
            if (firstPrize !== null) expect(settings.bonus).toBe(firstPrize);
            else if (settings.bonus > 0) firstPrize = settings.bonus;
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
