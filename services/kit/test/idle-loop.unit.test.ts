import { setImmediate as tick } from 'node:timers/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdleLoop } from '../src/idle-loop.ts';

const hour = 3_600_000;

async function ticks(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await tick();
}

/**
 * A loop whose body works a few event-loop turns, then rests an hour: any rest that ends before the
 * test's end was ended by a wake (or by stop).
 */
function hourlyLoop(work: readonly number[]) {
  const loop = new IdleLoop();
  const seen = { wakes: 0, served: 0, rounds: 0, wokenRests: 0, returned: false };
  loop.start(async () => {
    while (loop.running) {
      await ticks(work[seen.rounds % work.length]!);
      seen.rounds += 1;
      const wakesBefore = seen.wakes;
      if (await loop.idle(hour)) {
        seen.wokenRests += 1;
        // Every wake made before this rest ended is served by it.
        seen.served = Math.max(seen.served, wakesBefore, seen.wakes);
      }
    }
    seen.returned = true;
  });
  const wake = () => {
    seen.wakes += 1;
    loop.wake();
  };
  return { loop, seen, wake };
}

describe('IdleLoop', () => {
  it('serves every wake, whatever the mix of wakes and pauses, and stops cleanly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.oneof(fc.constant('wake' as const), fc.integer({ min: 0, max: 6 })), { maxLength: 30 }),
        async (work, script) => {
          const { loop, seen, wake } = hourlyLoop(work);
          for (const step of script) {
            if (step === 'wake') wake();
            else await ticks(step);
          }
          // Long enough for the body to finish its work and reach its rest.
          await ticks(Math.max(...work) + 5);
          expect(seen.served).toBe(seen.wakes);
          // Wakes end rests, nothing else does: a rest ended by a wake per wake at most.
          expect(seen.wokenRests).toBeLessThanOrEqual(seen.wakes);
          expect(seen.rounds).toBeLessThanOrEqual(seen.wakes + 1);
          const started = performance.now();
          await loop.stop();
          expect(performance.now() - started).toBeLessThan(hour);
          expect(loop.running).toBe(false);
          expect(seen.returned).toBe(true);
          const rounds = seen.rounds;
          wake();
          await ticks(5);
          expect(seen.rounds).toBe(rounds);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('rests the whole time when nobody wakes it', async () => {
    const loop = new IdleLoop();
    const ended: boolean[] = [];
    loop.start(async () => {
      ended.push(await loop.idle(30));
    });
    await loop.stop();
    // stop ends the rest as not woken.
    expect(ended).toEqual([false]);
    const alone = new IdleLoop();
    alone.start(async () => {
      const started = performance.now();
      ended.push(await alone.idle(30));
      ended.push(performance.now() - started >= 25);
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    await alone.stop();
    expect(ended).toEqual([false, false, true]);
  });

  it('passes an error to onError, or rejects stop with it', async () => {
    const errors: unknown[] = [];
    const logged = new IdleLoop();
    logged.start(
      async () => {
        throw new Error('broken');
      },
      (error) => errors.push(error),
    );
    await logged.stop();
    expect(errors).toHaveLength(1);
    const plain = new IdleLoop();
    plain.start(async () => {
      await plain.idle(hour);
      throw new Error('broken');
    });
    await expect(plain.stop()).rejects.toThrow('broken');
  });
});
