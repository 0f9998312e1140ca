import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEnvelope, readEnvelope } from '../src/index.ts';

describe('the answer envelope reader (issue 34)', () => {
  it('reads a platform answer', () => {
    expect(readEnvelope({ code: 0, message: 'success', data: { id: 'a' } })).toEqual({
      code: 0,
      message: 'success',
      data: { id: 'a' },
    });
    expect(readEnvelope({ code: 403, message: 'Forbidden' })).toEqual({
      code: 403,
      message: 'Forbidden',
      data: null,
    });
    expect(readEnvelope({ code: 10084, message: '令牌不能用于员工数据', data: null })?.code).toBe(10084);
  });

  it('refuses what is not an envelope', () => {
    for (const body of [
      null,
      undefined,
      'Bad Gateway',
      42,
      [],
      [{ code: 0, message: 'x' }],
      {},
      { code: '0', message: 'x' },
      { code: 0 },
      { code: 0, message: 7 },
      { code: 1.5, message: 'x' },
      // A record that has a numeric code field is not an envelope.
      { code: 3, message: 'x', name: 'a record' },
    ])
      expect(readEnvelope(body), JSON.stringify(body)).toBeNull();
  });

  it('reads any envelope back as it was, and nothing with another key', () => {
    fc.assert(
      fc.property(fc.integer(), fc.string(), fc.jsonValue(), (code, message, data) => {
        const read = readEnvelope(JSON.parse(JSON.stringify({ code, message, data })));
        expect(read).toEqual({ code, message, data: JSON.parse(JSON.stringify(data ?? null)) ?? null });
      }),
    );
    fc.assert(
      fc.property(
        fc.integer(),
        fc.string(),
        fc.string().filter((key) => !['code', 'message', 'data'].includes(key)),
        (code, message, key) => {
          expect(isEnvelope({ code, message, [key]: 1 })).toBe(false);
        },
      ),
    );
  });
});
