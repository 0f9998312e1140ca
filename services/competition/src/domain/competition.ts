// Over 300 lines: the competition stream's one fold and decider (settings, phases and their run limits, files and
// which datasets are hidden, page sections) with the schedule's status; one rule set, read top to bottom.
import { competition, languages } from '@sais/events';
import type { DomainEvent, EventData, StreamDecider } from '@sais/kit/eventstore';
import { competitionErrors } from '../errors.ts';

const E = competition;
export type Settings = competition.CompetitionSettings;
export type PhaseName = (typeof competition.phaseNames)[number];
export type ContentSection = competition.ContentSection;
/** The operators' Markdown of each written section of the competition's page. */
export type Content = Partial<Record<ContentSection, competition.SectionText>>;

export type CompetitionEvent =
  | DomainEvent<typeof E.CompetitionCreated>
  | DomainEvent<typeof E.CompetitionUpdated>
  | DomainEvent<typeof E.PhaseScheduled>
  | DomainEvent<typeof E.PhaseOpened>
  | DomainEvent<typeof E.PhaseClosed>
  | DomainEvent<typeof E.PhaseRunLimitsSet>
  | DomainEvent<typeof E.FileAdded>
  | DomainEvent<typeof E.FileRemoved>
  | DomainEvent<typeof E.DatasetVisibilitySet>
  | DomainEvent<typeof E.SectionContentChanged>;

/** A phase's schedule and the operator's override of it (open or closed now: events' one rule). */
export interface Phase extends competition.PhaseWindow {
  /**
   * When an operator first opened it by hand (the event's time), so a phase opened before its
   * scheduled start shows its real start. Absent for phases only ever run by their schedule.
   */
  openedAt?: string;
  /** The operator's limits of the phase's container runs (PhaseRunLimitsSet); absent: the environment's defaults. */
  runLimits?: competition.PhaseRunLimits;
}

export type CompetitionState =
  | { status: 'none' }
  | {
      status: 'exists';
      competitionId: string;
      settings: Settings;
      phases: Partial<Record<PhaseName, Phase>>;
      fileIds: string[];
      /** The files attached as datasets (only they can be hidden: decision 0032). */
      datasetIds?: string[];
      /** The datasets hidden from participants (DatasetVisibilitySet), still mounted in container runs. */
      hiddenFileIds?: string[];
      content: Content;
    };

/** A recorded event carries its time (`occurredAt`); the fold uses it for a phase's opening. */
export function evolveCompetition(
  state: CompetitionState,
  event: CompetitionEvent & { occurredAt?: string },
): CompetitionState {
  if (event.type === E.CompetitionCreated.type) {
    return {
      status: 'exists',
      competitionId: event.data.competitionId,
      settings: event.data.settings,
      phases: {},
      fileIds: [],
      content: {},
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case E.CompetitionUpdated.type:
      return { ...state, settings: { ...state.settings, ...event.data.changes } };
    case E.PhaseScheduled.type:
      return {
        ...state,
        phases: {
          ...state.phases,
          [event.data.phase]: {
            startsAt: event.data.startsAt,
            endsAt: event.data.endsAt,
            override: null,
            // A new schedule keeps the phase's run limits (they are set apart, PhaseRunLimitsSet).
            ...(state.phases[event.data.phase]?.runLimits && {
              runLimits: state.phases[event.data.phase]!.runLimits,
            }),
          },
        },
      };
    case E.PhaseRunLimitsSet.type: {
      const phase = state.phases[event.data.phase];
      if (!phase) return state;
      return {
        ...state,
        phases: { ...state.phases, [event.data.phase]: { ...phase, runLimits: event.data.limits } },
      };
    }
    case E.PhaseOpened.type:
    case E.PhaseClosed.type: {
      const phase = state.phases[event.data.phase];
      if (!phase) return state;
      const override = event.type === E.PhaseOpened.type ? 'open' : 'closed';
      const openedAt = phase.openedAt ?? (event.type === E.PhaseOpened.type ? event.occurredAt : undefined);
      return {
        ...state,
        phases: {
          ...state.phases,
          [event.data.phase]: { ...phase, override, ...(openedAt ? { openedAt } : {}) },
        },
      };
    }
    case E.FileAdded.type:
      return {
        ...state,
        fileIds: [...state.fileIds, event.data.file.fileId],
        ...(event.data.kind === 'dataset' && {
          datasetIds: [...(state.datasetIds ?? []), event.data.file.fileId],
        }),
      };
    case E.FileRemoved.type: {
      const { fileId } = event.data;
      const without = (ids?: string[]) => ids?.filter((id) => id !== fileId);
      return {
        ...state,
        fileIds: without(state.fileIds)!,
        ...(state.datasetIds && { datasetIds: without(state.datasetIds) }),
        ...(state.hiddenFileIds && { hiddenFileIds: without(state.hiddenFileIds) }),
      };
    }
    case E.DatasetVisibilitySet.type: {
      const { fileId, hidden } = event.data;
      const others = (state.hiddenFileIds ?? []).filter((id) => id !== fileId);
      return { ...state, hiddenFileIds: hidden ? [...others, fileId] : others };
    }
    case E.SectionContentChanged.type:
      return { ...state, content: { ...state.content, [event.data.section]: event.data.text } };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

export const initialCompetition: CompetitionState = { status: 'none' };

export function foldCompetition(
  events: readonly { type: string; data: unknown; occurredAt?: string }[],
): CompetitionState {
  return events.reduce(
    (state, event) => evolveCompetition(state, event as CompetitionEvent),
    initialCompetition,
  );
}

export type CompetitionCommand =
  /** `byAdmin`: the actor holds the admin role (only an admin may weaken the publication rule or change prize money). */
  | { type: 'Create'; competitionId: string; settings: Settings; byAdmin?: boolean }
  | { type: 'Update'; changes: Partial<Settings>; byAdmin?: boolean }
  | { type: 'SchedulePhase'; phase: PhaseName; startsAt: string; endsAt: string }
  | { type: 'OpenPhase' | 'ClosePhase'; phase: PhaseName }
  /** `policy`: the runners' defaults and machine ceiling (the environment's, competition.runLimitPolicy). */
  | {
      type: 'SetRunLimits';
      phase: PhaseName;
      limits: competition.PhaseRunLimits;
      policy: competition.RunLimitPolicy;
    }
  | { type: 'AddFile'; kind: 'document' | 'dataset'; file: EventData<typeof E.FileAdded>['file'] }
  | { type: 'RemoveFile'; fileId: string }
  /** Hide a dataset file from participants, or show it again (decision 0032). */
  | { type: 'SetDatasetVisibility'; fileId: string; hidden: boolean }
  | { type: 'WriteSection'; section: ContentSection; text: competition.SectionText };

/**
 * Two operators for final results of a competition with prize money (issues 19 and 33), judged on the
 * settings after the change, whatever path led there (creation, one update with several fields, or
 * several updates). Unless an admin decides it:
 * - a competition with prize money never ends up with one-operator publication (a change that touches
 *   the prize money or the rule and leaves that state is refused: raising a bonus from 0 on a
 *   one-operator competition included);
 * - the rule in force never goes from two operators to one;
 * - the prize money of a competition that has some is not changed (up, down or away).
 * Strengthening the rule is anyone's; settings the change does not touch are not judged again.
 */
function requireAdminForPrizeRules(before: Settings | null, after: Settings, byAdmin = false) {
  if (byAdmin) return;
  const touched =
    !before || before.bonus !== after.bonus || before.finalResultsApproval !== after.finalResultsApproval;
  if (!touched) return;
  const ruleAfter = competition.publicationRuleOf(after);
  if (after.bonus > 0 && ruleAfter === 'one-operator') throw competitionErrors.publicationRuleAdminOnly();
  if (!before) return;
  if (competition.publicationRuleOf(before) === 'two-operators' && ruleAfter === 'one-operator')
    throw competitionErrors.publicationRuleAdminOnly();
  if (before.bonus > 0 && after.bonus !== before.bonus) throw competitionErrors.prizeMoneyAdminOnly();
}

export function decideCompetition(command: CompetitionCommand, state: CompetitionState): CompetitionEvent[] {
  if (command.type === 'Create') {
    if (state.status !== 'none') throw competitionErrors.competitionExists();
    requireAdminForPrizeRules(null, command.settings, command.byAdmin);
    return [
      {
        type: E.CompetitionCreated.type,
        data: { competitionId: command.competitionId, settings: command.settings },
      },
    ];
  }
  if (state.status === 'none') throw competitionErrors.competitionNotFound();
  const { competitionId } = state;
  switch (command.type) {
    case 'Update': {
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([key, value]) => JSON.stringify(state.settings[key as keyof Settings]) !== JSON.stringify(value),
        ),
      );
      requireAdminForPrizeRules(state.settings, { ...state.settings, ...changes }, command.byAdmin);
      return Object.keys(changes).length
        ? [{ type: E.CompetitionUpdated.type, data: { competitionId, changes } }]
        : [];
    }
    case 'SchedulePhase':
      if (new Date(command.endsAt) <= new Date(command.startsAt)) {
        throw competitionErrors.phaseDatesInvalid();
      }
      return [
        {
          type: E.PhaseScheduled.type,
          data: { competitionId, phase: command.phase, startsAt: command.startsAt, endsAt: command.endsAt },
        },
      ];
    case 'OpenPhase':
    case 'ClosePhase':
      if (!state.phases[command.phase]) throw competitionErrors.phaseNotScheduled();
      return [
        {
          type: command.type === 'OpenPhase' ? E.PhaseOpened.type : E.PhaseClosed.type,
          data: { competitionId, phase: command.phase },
        },
      ];
    case 'SetRunLimits': {
      if (!state.phases[command.phase]) throw competitionErrors.phaseNotScheduled();
      const problem = competition.runLimitProblem(command.limits, command.policy);
      if (problem?.problem === 'gpusUnavailable') throw competitionErrors.runGpusUnavailable();
      if (problem?.problem === 'aboveCeiling')
        throw competitionErrors.runLimitAboveCeiling(problem.field, problem.bound);
      if (problem?.problem === 'belowMinimum')
        throw competitionErrors.runLimitBelowMinimum(problem.field, problem.bound);
      const before = state.phases[command.phase]!.runLimits;
      if (before && competition.runLimitFields.every((field) => before[field] === command.limits[field]))
        return [];
      return [
        {
          type: E.PhaseRunLimitsSet.type,
          data: { competitionId, phase: command.phase, limits: command.limits },
        },
      ];
    }
    case 'AddFile':
      return [{ type: E.FileAdded.type, data: { competitionId, kind: command.kind, file: command.file } }];
    case 'RemoveFile':
      if (!state.fileIds.includes(command.fileId)) throw competitionErrors.fileNotFound();
      return [{ type: E.FileRemoved.type, data: { competitionId, fileId: command.fileId } }];
    case 'SetDatasetVisibility': {
      const { fileId, hidden } = command;
      if (!state.fileIds.includes(fileId)) throw competitionErrors.fileNotFound();
      if (!(state.datasetIds ?? []).includes(fileId)) throw competitionErrors.onlyDatasetsHidden();
      if ((state.hiddenFileIds ?? []).includes(fileId) === hidden) return [];
      return [{ type: E.DatasetVisibilitySet.type, data: { competitionId, fileId, hidden } }];
    }
    case 'WriteSection': {
      const { section, text } = command;
      const language = languages.find((name) => text[name].length > competition.sectionTextMaxLength);
      if (language) throw competitionErrors.contentTooLong(section, language);
      const before = state.content[section] ?? { 'zh-CN': '', en: '' };
      if (languages.every((name) => before[name] === text[name])) return [];
      return [{ type: E.SectionContentChanged.type, data: { competitionId, section, text } }];
    }
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export type CompetitionStatus = 'Not Started' | 'Active' | 'Completed';

/** Status from the schedule (and operator overrides): before the first phase, during, after the last. */
export function statusAt(phases: Partial<Record<PhaseName, Phase>>, now: Date): CompetitionStatus {
  const list = Object.values(phases);
  if (list.length === 0) return 'Not Started';
  if (list.some((phase) => competition.phaseIsOpen(phase, now))) return 'Active';
  const first = Math.min(...list.map((phase) => new Date(phase.startsAt).getTime()));
  const last = Math.max(...list.map((phase) => new Date(phase.endsAt).getTime()));
  if (now.getTime() < first) return 'Not Started';
  return now.getTime() >= last || list.every((phase) => phase.override === 'closed') ? 'Completed' : 'Active';
}

/** The phase open now (the latest one if several are), or null. */
export function currentPhase(phases: Partial<Record<PhaseName, Phase>>, now: Date): PhaseName | null {
  return competition.openPhaseAt(phases, competition.phaseNames, now);
}

/** The competition stream's decider, as the kit's command handler runs it. */
export const competitionDecider: StreamDecider<CompetitionCommand, CompetitionState, CompetitionEvent> = {
  streamType: E.CompetitionCreated.aggregate,
  initialState: initialCompetition,
  evolve: evolveCompetition,
  decide: (command, state) => decideCompetition(command, state),
};
