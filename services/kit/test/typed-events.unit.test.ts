import { type EventEnvelope, identity, scoring } from '@sais/events';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { dataOf, isEvent } from '../src/index.ts';

const stored = (type: string, version: number, data: unknown): EventEnvelope => ({
  id: '00000000-0000-4000-8000-000000000001',
  type,
  version,
  streamType: 'scoring.submission',
  streamId: 's',
  streamVersion: 1,
  globalPosition: 1,
  transactionId: '1',
  occurredAt: new Date(0).toISOString(),
  actor: { userId: null, role: 'system' },
  correlationId: '00000000-0000-4000-8000-000000000002',
  causationId: null,
  hash: '0'.repeat(64),
  previousHash: null,
  data,
});

describe('typed events', () => {
  const invalid = stored(scoring.SubmissionInvalid.type, 1, { submissionId: 'a', log: 'row 2' });

  it('isEvent narrows type and payload to the definition', () => {
    expect(isEvent(scoring.SubmissionInvalid, invalid)).toBe(true);
    expect(isEvent(scoring.SubmissionScored, invalid)).toBe(false);
    if (isEvent(scoring.SubmissionInvalid, invalid)) {
      expectTypeOf(invalid.type).toEqualTypeOf<'scoring.SubmissionInvalid'>();
      expectTypeOf(invalid.data).toEqualTypeOf<{ submissionId: string; log: string | scoring.FileRefusal }>();
      expect(invalid.data.log).toBe('row 2');
    }
  });

  it('isEvent takes several definitions and narrows to their union', () => {
    expect(isEvent([scoring.SubmissionScored, scoring.SubmissionInvalid], invalid)).toBe(true);
    if (isEvent([scoring.SubmissionScored, scoring.SubmissionInvalid], invalid))
      expectTypeOf(invalid.data.submissionId).toEqualTypeOf<string>();
  });

  it('matches every version of a type, personal fields opened or null', () => {
    const v1 = stored(identity.ContactChanged.type, 1, { accountId: 'a', channel: 'email', value: 'a@b.cn' });
    const data = dataOf(identity.ContactChanged, v1);
    expect(data.value).toBe('a@b.cn');
    expectTypeOf(data.value).toEqualTypeOf<string | null>();
    expectTypeOf(data.accountId).toEqualTypeOf<string>();
  });

  it('dataOf throws on an event of another type', () => {
    expect(() => dataOf(scoring.SubmissionScored, invalid)).toThrow(
      'expected scoring.SubmissionScored, got scoring.SubmissionInvalid',
    );
    expect(() => dataOf([scoring.SubmissionScored, scoring.QuotaRefunded], invalid)).toThrow(
      'expected scoring.SubmissionScored or scoring.QuotaRefunded',
    );
  });
});
