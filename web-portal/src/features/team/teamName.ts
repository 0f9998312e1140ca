import { type MessageKey, team } from '@sais/events';

/** The server's rule for a team name (trimmed, 1 to 30 characters) as a catalogue key, or undefined. */
export function teamNameProblem(
  name: string,
  required: 'teamNameRequired' | 'newTeamNameRequired',
): MessageKey | undefined {
  const trimmed = name.trim();
  if (trimmed.length === 0) return required;
  if (trimmed.length > team.requests.teamNameMaxLength) return 'teamNameTooLong';
  return undefined;
}
