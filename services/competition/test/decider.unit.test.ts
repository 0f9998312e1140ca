import { competition } from '@sais/events';
import { competitionSettings } from '@sais/events/fixtures';
import { deciderSpec } from '@sais/kit/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CompetitionCommand,
  type CompetitionEvent,
  type CompetitionState,
  decideCompetition,
  foldCompetition,
} from '../src/domain/competition.ts';

const competitionId = '5c1e0a77-0000-4000-8000-000000000001';
const fileId = '5c1e0a77-0000-4000-8000-000000000002';
const settings = competitionSettings({ dailySubmissionLimit: 5 });
const given = deciderSpec<CompetitionCommand, CompetitionState, CompetitionEvent>({
  fold: foldCompetition,
  decide: decideCompetition,
});

const created: CompetitionEvent = {
  type: 'competition.CompetitionCreated',
  data: { competitionId, settings },
};
const preliminary = { startsAt: '2027-03-01T00:00:00.000Z', endsAt: '2027-04-01T00:00:00.000Z' };
const scheduled: CompetitionEvent = {
  type: 'competition.PhaseScheduled',
  data: { competitionId, phase: 'preliminary', ...preliminary },
};
const file = { fileId, name: 'train.csv', size: 10, contentType: 'text/csv', sha256: 'a'.repeat(64) };
const added: CompetitionEvent = {
  type: 'competition.FileAdded',
  data: { competitionId, kind: 'dataset', file },
};

describe('competition decider', () => {
  it('creates a competition once', () => {
    given().when({ type: 'Create', competitionId, settings }).then([created]);
    given([created]).when({ type: 'Create', competitionId, settings }).thenThrows('concurrentChange');
  });

  it('refuses every other command on a competition that does not exist', () => {
    given()
      .when({ type: 'Update', changes: { dailySubmissionLimit: 3 } })
      .thenThrows('competitionNotFound');
    given().when({ type: 'OpenPhase', phase: 'preliminary' }).thenThrows('competitionNotFound');
    given().when({ type: 'RemoveFile', fileId }).thenThrows('competitionNotFound');
  });

  it('records only the settings that change, and nothing when none does', () => {
    given([created])
      .when({ type: 'Update', changes: { dailySubmissionLimit: 3, timeZone: settings.timeZone } })
      .then([
        {
          type: 'competition.CompetitionUpdated',
          data: { competitionId, changes: { dailySubmissionLimit: 3 } },
        },
      ]);
    given([created])
      .when({ type: 'Update', changes: { dailySubmissionLimit: 5 } })
      .then([]);
  });

  it('lets only an admin weaken the two-operator rule for final results (issue 19)', () => {
    const prize = competitionSettings({ bonus: 1000, finalResultsApproval: null });
    const prized: CompetitionEvent = { ...created, data: { competitionId, settings: prize } };
    const oneOperator = { finalResultsApproval: 'one-operator' as const };
    // An operator choosing one operator, or taking the prize money away while the rule is the default.
    given([prized]).when({ type: 'Update', changes: oneOperator }).thenThrows('publicationRuleAdminOnly');
    given([prized])
      .when({ type: 'Update', changes: { bonus: 0 } })
      .thenThrows('publicationRuleAdminOnly');
    given()
      .when({ type: 'Create', competitionId, settings: { ...prize, ...oneOperator } })
      .thenThrows('publicationRuleAdminOnly');
    // An admin may; anyone may strengthen it or change what leaves it as it is.
    given([prized])
      .when({ type: 'Update', changes: oneOperator, byAdmin: true })
      .then([{ type: 'competition.CompetitionUpdated', data: { competitionId, changes: oneOperator } }]);
    // The prize money of a competition that has some is an admin's to change (issue 33).
    given([prized])
      .when({ type: 'Update', changes: { bonus: 0, finalResultsApproval: 'two-operators' } })
      .thenThrows('prizeMoneyAdminOnly');
    given([prized])
      .when({ type: 'Update', changes: { bonus: 0, finalResultsApproval: 'two-operators' }, byAdmin: true })
      .then([
        {
          type: 'competition.CompetitionUpdated',
          data: { competitionId, changes: { bonus: 0, finalResultsApproval: 'two-operators' } },
        },
      ]);
    given([{ ...created, data: { competitionId, settings: { ...prize, bonus: 0 } } }])
      .when({ type: 'Update', changes: { finalResultsApproval: 'two-operators' } })
      .then([
        {
          type: 'competition.CompetitionUpdated',
          data: { competitionId, changes: { finalResultsApproval: 'two-operators' } },
        },
      ]);
  });

  it('schedules a phase that ends after it starts', () => {
    given([created])
      .when({ type: 'SchedulePhase', phase: 'preliminary', ...preliminary })
      .then([scheduled]);
    given([created])
      .when({
        type: 'SchedulePhase',
        phase: 'preliminary',
        startsAt: preliminary.endsAt,
        endsAt: preliminary.startsAt,
      })
      .thenThrows('phaseDatesInvalid');
    given([created])
      .when({
        type: 'SchedulePhase',
        phase: 'preliminary',
        startsAt: preliminary.startsAt,
        endsAt: preliminary.startsAt,
      })
      .thenThrows('phaseDatesInvalid');
  });

  it('opens and closes only a scheduled phase', () => {
    given([created]).when({ type: 'OpenPhase', phase: 'preliminary' }).thenThrows('phaseNotScheduled');
    given([created, scheduled])
      .when({ type: 'OpenPhase', phase: 'preliminary' })
      .then([{ type: 'competition.PhaseOpened', data: { competitionId, phase: 'preliminary' } }]);
    given([created, scheduled])
      .when({ type: 'ClosePhase', phase: 'preliminary' })
      .then([{ type: 'competition.PhaseClosed', data: { competitionId, phase: 'preliminary' } }]);
  });

  it('adds files and removes only those it has', () => {
    given([created]).when({ type: 'AddFile', kind: 'dataset', file }).then([added]);
    given([created]).when({ type: 'RemoveFile', fileId }).thenThrows('fileNotFound');
    given([created, added])
      .when({ type: 'RemoveFile', fileId })
      .then([{ type: 'competition.FileRemoved', data: { competitionId, fileId } }]);
  });

  describe('hidden datasets (decision 0032)', () => {
    const hide = (hidden: boolean): CompetitionEvent => ({
      type: 'competition.DatasetVisibilitySet',
      data: { competitionId, fileId, hidden },
    });
    const document: CompetitionEvent = {
      type: 'competition.FileAdded',
      data: { competitionId, kind: 'document', file },
    };

    it('hides a dataset and shows it again, each once', () => {
      given([created, added])
        .when({ type: 'SetDatasetVisibility', fileId, hidden: true })
        .then([hide(true)]);
      given([created, added, hide(true)])
        .when({ type: 'SetDatasetVisibility', fileId, hidden: true })
        .then([]);
      given([created, added, hide(true)])
        .when({ type: 'SetDatasetVisibility', fileId, hidden: false })
        .then([hide(false)]);
      given([created, added]).when({ type: 'SetDatasetVisibility', fileId, hidden: false }).then([]);
    });

    it('refuses a documentation file, a file it does not have and a removed one', () => {
      given([created, document])
        .when({ type: 'SetDatasetVisibility', fileId, hidden: true })
        .thenThrows('onlyDatasetsHidden');
      given([created])
        .when({ type: 'SetDatasetVisibility', fileId, hidden: true })
        .thenThrows('fileNotFound');
      given([created, added, { type: 'competition.FileRemoved', data: { competitionId, fileId } }])
        .when({ type: 'SetDatasetVisibility', fileId, hidden: true })
        .thenThrows('fileNotFound');
    });

    it('folds which datasets are hidden; a removed file is no longer one', () => {
      expect(foldCompetition([created, added, hide(true)])).toMatchObject({ hiddenFileIds: [fileId] });
      expect(foldCompetition([created, added, hide(true), hide(false)])).toMatchObject({ hiddenFileIds: [] });
      expect(
        foldCompetition([
          created,
          added,
          hide(true),
          { type: 'competition.FileRemoved', data: { competitionId, fileId } },
        ]),
      ).toMatchObject({ hiddenFileIds: [], datasetIds: [] });
    });
  });

  it('folds an operator override over the schedule, and a removed file away', () => {
    const state = foldCompetition([
      created,
      scheduled,
      { type: 'competition.PhaseOpened', data: { competitionId, phase: 'preliminary' } },
      added,
      { type: 'competition.FileRemoved', data: { competitionId, fileId } },
    ]);
    expect(state).toMatchObject({
      status: 'exists',
      phases: { preliminary: { ...preliminary, override: 'open' } },
      fileIds: [],
    });
  });

  describe('the run limits of a phase (decision 0044)', () => {
    const policy = competition.runLimitPolicy({ SCORING_RUN_MAX_MEMORY_MB: '4096' });
    const limits = { timeoutSeconds: 600, memoryMb: 1024, cpus: 1.5, resultMb: 32, gpus: 0 };
    const set: CompetitionEvent = {
      type: 'competition.PhaseRunLimitsSet',
      data: { competitionId, phase: 'preliminary', limits },
    };

    it('records them for a scheduled phase, once, and keeps them when the phase is scheduled again', () => {
      given([created])
        .when({ type: 'SetRunLimits', phase: 'preliminary', limits, policy })
        .thenThrows('phaseNotScheduled');
      given([created, scheduled])
        .when({ type: 'SetRunLimits', phase: 'preliminary', limits, policy })
        .then([set]);
      given([created, scheduled, set])
        .when({ type: 'SetRunLimits', phase: 'preliminary', limits: { ...limits }, policy })
        .then([]);
      const again: CompetitionEvent = {
        type: 'competition.PhaseScheduled',
        data: { competitionId, phase: 'preliminary', ...preliminary, endsAt: '2027-05-01T00:00:00.000Z' },
      };
      const state = foldCompetition([created, scheduled, set, again]);
      expect(state.status === 'exists' && state.phases.preliminary?.runLimits).toEqual(limits);
    });

    it('refuses them past the ceiling, below a minimum, or with GPUs', () => {
      given([created, scheduled])
        .when({ type: 'SetRunLimits', phase: 'preliminary', limits: { ...limits, memoryMb: 4097 }, policy })
        .thenThrows('runLimitAboveCeiling');
      given([created, scheduled])
        .when({ type: 'SetRunLimits', phase: 'preliminary', limits: { ...limits, resultMb: 0 }, policy })
        .thenThrows('runLimitBelowMinimum');
      given([created, scheduled])
        .when({ type: 'SetRunLimits', phase: 'preliminary', limits: { ...limits, gpus: 1 }, policy })
        .thenThrows('runGpusUnavailable');
    });

    it('for any limits: accepted exactly when every field is within its minimum and the ceiling, else the first field out', () => {
      const field = (name: competition.RunLimitField) =>
        name === 'cpus'
          ? fc.double({ min: 0, max: 8, noNaN: true })
          : fc.integer({ min: 0, max: 2 * Math.max(policy.ceiling[name], 1) });
      fc.assert(
        fc.property(
          fc.record({
            timeoutSeconds: field('timeoutSeconds'),
            memoryMb: field('memoryMb'),
            cpus: field('cpus'),
            resultMb: field('resultMb'),
            gpus: fc.integer({ min: 0, max: 4 }),
          }),
          (wanted) => {
            const problem = competition.runLimitProblem(wanted, policy);
            const out = competition.runLimitFields.filter(
              (name) =>
                wanted[name] < competition.runLimitMinimums[name] || wanted[name] > policy.ceiling[name],
            );
            if (out.length === 0) {
              expect(problem).toBeNull();
              given([created, scheduled])
                .when({ type: 'SetRunLimits', phase: 'preliminary', limits: wanted, policy })
                .then([{ ...set, data: { ...set.data, limits: wanted } }]);
            } else if (wanted.gpus > 0) expect(problem?.problem).toBe('gpusUnavailable');
            else expect(problem?.field).toBe(out[0]);
          },
        ),
      );
    });

    it('takes its defaults and ceiling from the environment, the ceiling never below the defaults', () => {
      expect(competition.runLimitPolicy({})).toEqual({
        defaults: { timeoutSeconds: 1800, memoryMb: 2048, cpus: 1, resultMb: 64, gpus: 0 },
        ceiling: { timeoutSeconds: 21600, memoryMb: 8192, cpus: 2, resultMb: 1024, gpus: 0 },
      });
      const small = competition.runLimitPolicy({
        SCORING_RUN_MEMORY_MB: '512',
        SCORING_RUN_MAX_MEMORY_MB: '256',
      });
      expect(small.ceiling.memoryMb).toBe(512);
      expect(competition.phaseLimitsOf(undefined, small)).toEqual(small.defaults);
    });
  });

  describe('the sections of the competition page', () => {
    const overview = { 'zh-CN': '## 任务\n预测产率。', en: '## Task\nPredict the yield.' };
    const written: CompetitionEvent = {
      type: 'competition.SectionContentChanged',
      data: { competitionId, section: 'overview', text: overview },
    };

    it('writes a section in both languages, one event per change', () => {
      given([created]).when({ type: 'WriteSection', section: 'overview', text: overview }).then([written]);
      given([created, written])
        .when({ type: 'WriteSection', section: 'overview', text: { ...overview, en: '' } })
        .then([
          {
            type: 'competition.SectionContentChanged',
            data: { competitionId, section: 'overview', text: { ...overview, en: '' } },
          },
        ]);
    });

    it('records nothing when the text is the same, or an unwritten section stays empty', () => {
      given([created, written]).when({ type: 'WriteSection', section: 'overview', text: overview }).then([]);
      given([created])
        .when({ type: 'WriteSection', section: 'prizes', text: { 'zh-CN': '', en: '' } })
        .then([]);
    });

    it(`refuses a text over ${competition.sectionTextMaxLength} characters in either language`, () => {
      const long = 'x'.repeat(competition.sectionTextMaxLength + 1);
      given([created])
        .when({ type: 'WriteSection', section: 'rules', text: { 'zh-CN': long, en: 'Rules' } })
        .thenThrows('contentTooLong');
      given([created])
        .when({ type: 'WriteSection', section: 'rules', text: { 'zh-CN': '规则', en: long } })
        .thenThrows('contentTooLong');
      const longest = 'x'.repeat(competition.sectionTextMaxLength);
      given([created])
        .when({ type: 'WriteSection', section: 'rules', text: { 'zh-CN': longest, en: longest } })
        .then([
          {
            type: 'competition.SectionContentChanged',
            data: { competitionId, section: 'rules', text: { 'zh-CN': longest, en: longest } },
          },
        ]);
    });

    it('refuses to write the page of a competition that does not exist', () => {
      given()
        .when({ type: 'WriteSection', section: 'overview', text: overview })
        .thenThrows('competitionNotFound');
    });

    it('folds the latest text of each section', () => {
      const rules = { 'zh-CN': '规则', en: 'Rules' };
      const state = foldCompetition([
        created,
        written,
        { type: 'competition.SectionContentChanged', data: { competitionId, section: 'rules', text: rules } },
        {
          type: 'competition.SectionContentChanged',
          data: { competitionId, section: 'overview', text: { 'zh-CN': '新', en: 'New' } },
        },
      ]);
      expect(state).toMatchObject({ content: { overview: { 'zh-CN': '新', en: 'New' }, rules } });
    });
  });
});
