import { type Competition, type PhaseName, phaseNames } from './types';

/** What a competition card says about time: when it starts, when its current phase ends, or that it ended. */
export type TimeLeft =
  | { kind: 'startsIn'; phase: PhaseName; at: string; milliseconds: number }
  | { kind: 'endsIn'; phase: PhaseName; at: string; milliseconds: number }
  | { kind: 'ended' }
  | { kind: 'unscheduled' };

/**
 * From the status and phases the server derived (an operator's early opening included): an active
 * competition counts down to its current phase's end, one not started to its first phase's start.
 */
export function timeLeft(
  competition: Pick<Competition, 'status' | 'currentPhase' | 'phases'>,
  now: Date,
): TimeLeft {
  const scheduled = phaseNames.filter((name) => competition.phases[name]);
  if (competition.status === 'Completed') return { kind: 'ended' };
  if (competition.status === 'Active') {
    const phase = competition.currentPhase ?? scheduled.at(-1);
    const at = phase ? competition.phases[phase]?.endsAt : undefined;
    if (!phase || !at) return { kind: 'unscheduled' };
    return { kind: 'endsIn', phase, at, milliseconds: Math.max(0, Date.parse(at) - now.getTime()) };
  }
  const first = scheduled
    .map((name) => ({ name, at: competition.phases[name]!.startsAt }))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))[0];
  if (!first) return { kind: 'unscheduled' };
  return {
    kind: 'startsIn',
    phase: first.name,
    at: first.at,
    milliseconds: Math.max(0, Date.parse(first.at) - now.getTime()),
  };
}

const hour = 3_600_000;
const day = 24 * hour;

/** "in 12 days" / "12天后" (hours under two days, minutes under an hour), in the reader's language. */
export function relativeTime(milliseconds: number, language: string | undefined): string {
  const format = new Intl.RelativeTimeFormat(language === 'en' ? 'en' : 'zh-CN', { numeric: 'always' });
  if (milliseconds >= 2 * day) return format.format(Math.floor(milliseconds / day), 'day');
  if (milliseconds >= hour) return format.format(Math.floor(milliseconds / hour), 'hour');
  return format.format(Math.max(1, Math.ceil(milliseconds / 60_000)), 'minute');
}
