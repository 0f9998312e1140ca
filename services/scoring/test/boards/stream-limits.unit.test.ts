import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamSlots, streamLimitsFrom } from '../../src/boards/stream-limits.ts';

/** Issue 33, finding 8: the live-leaderboard connection counts, for any order of opens and closes. */
describe('StreamSlots', () => {
  it('never holds more than its limits, and gives every slot back (property)', () => {
    const step = fc.oneof(
      fc.record({ open: fc.constantFrom('a', 'b', 'c', 'd') }),
      fc.record({ close: fc.nat(20) }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(step, { maxLength: 60 }),
        (perAddress, total, steps) => {
          const slots = new StreamSlots({ perAddress, total, retryAfterSeconds: 30 });
          const held: { address: string; release: () => void }[] = [];
          for (const action of steps) {
            if ('open' in action) {
              const mine = held.filter((slot) => slot.address === action.open).length;
              try {
                held.push({ address: action.open, release: slots.take(action.open) });
                expect(mine < perAddress && held.length - 1 < total).toBe(true);
              } catch (error) {
                expect(mine >= perAddress || held.length >= total).toBe(true);
                expect((error as { httpStatus: number }).httpStatus).toBe(mine >= perAddress ? 429 : 503);
              }
            } else if (held.length > 0) {
              const [slot] = held.splice(action.close % held.length, 1);
              slot!.release();
              slot!.release(); // a second release changes nothing
            }
            expect(slots.open).toBe(held.length);
          }
          for (const slot of held) slot.release();
          expect(slots.open).toBe(0);
        },
      ),
    );
  });

  it('reads its limits from the environment, 0 turning one off', () => {
    expect(streamLimitsFrom({})).toEqual({ perAddress: 50, total: 5000, retryAfterSeconds: 30 });
    expect(streamLimitsFrom({ SCORING_STREAMS_PER_ADDRESS: '0', SCORING_STREAMS_TOTAL: '7' })).toMatchObject({
      perAddress: 0,
      total: 7,
    });
    expect(() => streamLimitsFrom({ SCORING_STREAMS_TOTAL: '-1' })).toThrow(/whole number/);
    const unlimited = new StreamSlots({ perAddress: 0, total: 0, retryAfterSeconds: 30 });
    for (let i = 0; i < 1000; i++) unlimited.take('a');
    expect(unlimited.open).toBe(1000);
  });
});
