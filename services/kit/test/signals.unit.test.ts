import { describe, expect, it } from 'vitest';
import { pageSignals, signalId } from '../src/index.ts';

describe('integrity signals', () => {
  it('an id is the kind and a hash of the key, the same on every call (decisions are stored by it)', () => {
    expect(signalId('identical-files', 'c1', 'final', 'abc')).toBe(
      'identical-files-54c9f5496dc9d9741f20fff7d8487246',
    );
    expect(signalId('identical-files', 'c1', 'final|abc')).toBe(
      signalId('identical-files', 'c1|final', 'abc'),
    );
  });

  const signals = [
    { id: 's1', kind: 'a', status: 'open', teams: ['t1', 't2'], at: 3 },
    { id: 's2', kind: 'b', status: 'open', teams: ['t2', 't3'], at: 1 },
    { id: 's3', kind: 'a', status: 'dismissed', teams: ['t1', 't3'], at: 2 },
  ];
  const page = (
    filter: { kind?: string; status?: string; ids?: string[]; team?: string },
    from = 0,
    to = 9,
  ) =>
    pageSignals(
      signals,
      { filter, sort: { field: 'at', order: 'DESC' }, from, to },
      (signal) => !filter.team || signal.teams.includes(filter.team),
    );
  const ids = (result: { records: { id: string }[] }) => result.records.map((signal) => signal.id);

  it('keeps the signals of the filter’s kind, status, ids and party, in order, one range of them', () => {
    expect(ids(page({}))).toEqual(['s1', 's3', 's2']);
    expect(ids(page({ kind: 'a' }))).toEqual(['s1', 's3']);
    expect(ids(page({ status: 'open' }))).toEqual(['s1', 's2']);
    expect(ids(page({ ids: ['s2', 's3'] }))).toEqual(['s3', 's2']);
    expect(ids(page({ team: 't3', kind: 'a' }))).toEqual(['s3']);
    expect(page({ status: 'open' }, 1, 1)).toEqual({ total: 2, records: [signals[1]] });
  });
});
