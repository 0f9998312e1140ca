import type { EventEnvelope } from '@sais/events';
import { describe, expect, it } from 'vitest';
import { groupedBatches } from '../src/messaging/grouped.ts';

const event = (id: string) => ({ id }) as unknown as EventEnvelope;
const ids = (events: readonly EventEnvelope[]) => events.map((e) => e.id);

describe('groupedBatches (group commit for a one-at-a-time handler)', () => {
  it('runs one call at a time and puts what arrived meanwhile into the next call, in arrival order', async () => {
    const calls: string[][] = [];
    let running = 0;
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const handle = groupedBatches(async (events) => {
      running += 1;
      expect(running).toBe(1);
      calls.push(ids(events));
      if (calls.length === 1) await first;
      running -= 1;
    });
    const a = handle([event('a1'), event('a2')]);
    const b = handle([event('b1')]);
    const c = handle([event('c1'), event('c2')]);
    release();
    await Promise.all([a, b, c]);
    expect(calls).toEqual([
      ['a1', 'a2'],
      ['b1', 'c1', 'c2'],
    ]);
  });

  it('rejects every caller of a failed call, and goes on with the next group', async () => {
    let calls = 0;
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const handle = groupedBatches(async (events) => {
      calls += 1;
      if (calls === 1) return first;
      if (ids(events).includes('bad')) throw new Error('projection failed');
    });
    const a = handle([event('a')]);
    const b = handle([event('bad')]);
    const c = handle([event('c')]);
    release();
    await expect(a).resolves.toBeUndefined();
    await expect(b).rejects.toThrow('projection failed');
    await expect(c).rejects.toThrow('projection failed');
    await expect(handle([event('d')])).resolves.toBeUndefined();
    expect(calls).toBe(3);
  });
});
