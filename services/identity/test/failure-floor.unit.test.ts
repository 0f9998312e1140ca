import { describe, expect, it } from 'vitest';
import { FailureFloor } from '../src/auth/throttle.ts';

describe('the floor a failed sign-in waits for', () => {
  it('is 250 ms while the work is quick, and 1.25 × the slowest failure of the last minute when it is not', async () => {
    const floor = new FailureFloor(250, 3_000, 60_000);
    expect(floor.ms()).toBe(250);
    const started = Date.now() - 400; // a failure whose work took 400 ms (a saturated server)
    const before = Date.now();
    await floor.wait(started);
    // It answered at 1.25 × its own work, not at once: the next failures wait as long.
    expect(Date.now() - started).toBeGreaterThanOrEqual(499);
    expect(Date.now() - before).toBeGreaterThanOrEqual(99);
    expect(floor.ms()).toBe(500);
    // A minute later the slow failure is forgotten.
    expect(floor.ms(Date.now() + 61_000)).toBe(250);
  });

  it('never waits past its cap, however slow the work', () => {
    const floor = new FailureFloor(250, 3_000, 60_000);
    void floor.wait(Date.now() - 10_000);
    expect(floor.ms()).toBe(3_000);
  });
});
