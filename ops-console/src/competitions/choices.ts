import { competition } from '@sais/events';

const choicesOf = (values: readonly string[], prefix: string) =>
  values.map((id) => ({ id, name: `${prefix}.${id}` }));

/** The lists of the competition schema (events/src/competition), as translated choices. */
export const typeChoices = choicesOf(competition.competitionTypes, 'console.competitions.types');
export const phaseChoices = choicesOf(competition.phaseNames, 'console.competitions.phases');
export const submissionKindChoices = choicesOf(competition.submissionKinds, 'console.competitions.kinds');
export const statusChoices = choicesOf(['Not Started', 'Active', 'Completed'], 'console.competitions.status');
export const phaseNames = competition.phaseNames;
export type PhaseName = (typeof competition.phaseNames)[number];

/** Who publishes final results (issue 19); no choice = two operators when there is prize money. */
export const approvalChoices = [
  { id: 'two-operators', name: 'console.trust.publication.twoOperators' },
  { id: 'one-operator', name: 'console.trust.publication.oneOperator' },
];
