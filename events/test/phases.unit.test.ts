/** "Is a phase open now" (src/competition/phases.ts): the schedule's window, unless an operator overrides it. */
import { describe, expect, it } from 'vitest';
import { type PhaseWindow, openPhaseAt, phaseIsOpen } from '../src/competition/phases.ts';

const window = (startsAt: string, endsAt: string, override: PhaseWindow['override'] = null): PhaseWindow => ({
  startsAt,
  endsAt,
  override,
});
const march = window('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z');
const at = (iso: string) => new Date(iso);

describe('phaseIsOpen', () => {
  it('given no override, is open from its start (inclusive) to its end (exclusive)', () => {
    expect(phaseIsOpen(march, at('2026-02-28T23:59:59.999Z'))).toBe(false);
    expect(phaseIsOpen(march, at('2026-03-01T00:00:00Z'))).toBe(true);
    expect(phaseIsOpen(march, at('2026-03-31T23:59:59.999Z'))).toBe(true);
    expect(phaseIsOpen(march, at('2026-04-01T00:00:00Z'))).toBe(false);
  });
  it('reads schedules with an offset as the same instant', () => {
    expect(
      phaseIsOpen(window('2026-03-01T08:00:00+08:00', '2026-03-02T00:00:00Z'), at('2026-03-01T00:00:00Z')),
    ).toBe(true);
  });
  it('given an operator opened it, is open outside its window', () => {
    expect(phaseIsOpen({ ...march, override: 'open' }, at('2027-01-01T00:00:00Z'))).toBe(true);
  });
  it('given an operator closed it, is closed inside its window', () => {
    expect(phaseIsOpen({ ...march, override: 'closed' }, at('2026-03-15T00:00:00Z'))).toBe(false);
  });
});

describe('openPhaseAt', () => {
  const names = ['preliminary', 'semi-final', 'final'] as const;
  it('given no phase open, is null', () => {
    expect(openPhaseAt({ preliminary: march }, names, at('2026-05-01T00:00:00Z'))).toBeNull();
    expect(openPhaseAt({}, names, at('2026-03-15T00:00:00Z'))).toBeNull();
  });
  it('given one phase open, names it', () => {
    const phases = { preliminary: march, final: window('2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z') };
    expect(openPhaseAt(phases, names, at('2026-06-15T00:00:00Z'))).toBe('final');
  });
  it('given several open (overlapping windows, an override), names the latest in order', () => {
    const phases = { preliminary: march, 'semi-final': { ...march, override: 'open' as const } };
    expect(openPhaseAt(phases, names, at('2026-03-15T00:00:00Z'))).toBe('semi-final');
  });
  it('only considers the names it is given (scoring leaves out registration)', () => {
    expect(openPhaseAt<string>({ registration: march }, names, at('2026-03-15T00:00:00Z'))).toBeNull();
  });
});
