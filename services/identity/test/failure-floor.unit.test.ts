import { describe, expect, it, vi } from 'vitest';
import { FailureFloor } from '../src/auth/throttle.ts';

describe('the floor a failed sign-in waits for', () => {
  it('is 250 ms while the work is quick, and 1.25 × the slowest failure of the last minute when it is not', async () => {
    // The test's own clock: the failure's work is 400 ms exactly, not 400 ms and whatever a busy machine
    // adds between reading the time here and in `wait` (502 ms instead of 500, beside other test files).
    vi.useFakeTimers();
    try {
      const floor = new FailureFloor(250, 3_000, 60_000);
      expect(floor.ms()).toBe(250);
      const started = Date.now() - 400; // a failure whose work took 400 ms (a saturated server)
      const before = Date.now();
      let answered = false;
      const waiting = floor.wait(started).then(() => (answered = true));
      // It answers at 1.25 × its own work, not at once: the next failures wait as long.
      await vi.advanceTimersByTimeAsync(99);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(Date.now() - started).toBe(500);
      expect(Date.now() - before).toBe(100);
      expect(floor.ms()).toBe(500);
      // A minute later the slow failure is forgotten.
      expect(floor.ms(Date.now() + 61_000)).toBe(250);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never waits past its cap, however slow the work', () => {
    const floor = new FailureFloor(250, 3_000, 60_000);
    void floor.wait(Date.now() - 10_000);
    expect(floor.ms()).toBe(3_000);
  });
});
