/**
 * "Is a phase open now", one rule for every service (pure, so it lives with the events it reads:
 * PhaseScheduled gives the window, PhaseOpened / PhaseClosed the operator's override).
 */

/** A phase as the services keep it from its events: the scheduled window and the operator's override. */
export interface PhaseWindow {
  startsAt: string;
  endsAt: string;
  /** An operator's override of the schedule: open or closed now, whatever the schedule says. */
  override: 'open' | 'closed' | null;
}

/** Whether a phase is open at `now`: the operator's override if there is one, else startsAt ≤ now < endsAt. */
export function phaseIsOpen(phase: PhaseWindow, now: Date): boolean {
  if (phase.override) return phase.override === 'open';
  return new Date(phase.startsAt) <= now && now < new Date(phase.endsAt);
}

/** The phase of `names` open at `now` (the latest in `names`' order if several are), or null. */
export function openPhaseAt<N extends string>(
  phases: Partial<Record<N, PhaseWindow>>,
  names: readonly N[],
  now: Date,
): N | null {
  const open = names.filter((name) => {
    const phase = phases[name];
    return phase !== undefined && phaseIsOpen(phase, now);
  });
  return open.at(-1) ?? null;
}
