import { errorCodes, messages } from '@sais/events';
import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { STORAGE_RETRY_AFTER_SECONDS, installErrorHandling, isStorageUnavailable } from '../src/index.ts';

/**
 * Issue 33, finding 9: which failures mean "storage unavailable, nothing done" (503 + Retry-After), and
 * the one error handler's answer for them. The outage itself, on a real PostgreSQL, is
 * storage-unavailable.int.test.ts.
 */
const unavailableCodes = ['08000', '08001', '08003', '08006', '08P01', '57P01', '57P02', '57P03', '53300'];
const nodeCodes = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'];

function errorWith(code: string | undefined, message = 'failure'): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

describe('isStorageUnavailable', () => {
  it('is true exactly for the connection classes, wherever they sit in a cause chain (property)', () => {
    const code = fc.oneof(
      fc.constantFrom(...unavailableCodes, ...nodeCodes),
      // Other SQLSTATEs and node codes: unique violations, serialization failures, syntax, disk full …
      fc.constantFrom('23505', '40001', '42601', '53100', '57014', '22P02', 'ENOENT', 'ETIMEDOUT', 'ERR_X'),
      fc.stringMatching(/^[0-9A-Z]{5}$/),
    );
    const expected = (c: string) => /^08/.test(c) || unavailableCodes.includes(c) || nodeCodes.includes(c);
    fc.assert(
      fc.property(code, fc.nat({ max: 4 }), fc.boolean(), (c, depth, aggregate) => {
        let error: unknown = errorWith(c);
        if (aggregate) error = new AggregateError([errorWith('EHOSTUNREACH'), error], 'all failed');
        for (let i = 0; i < depth; i++) error = new Error(`wrapped ${i}`, { cause: error });
        expect(isStorageUnavailable(error)).toBe(expected(c));
      }),
      { numRuns: 1000 },
    );
  });

  it("knows node-postgres' code-less connection errors, and nothing else by message", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'Client has encountered a connection error and is not queryable',
      'timeout exceeded when trying to connect',
    ])
      expect(isStorageUnavailable(new Error(message))).toBe(true);
    for (const value of [
      new Error('boom'),
      new Error('Connection terminated by the user?'),
      null,
      'ECONNREFUSED',
      7,
    ])
      expect(isStorageUnavailable(value)).toBe(false);
  });
});

describe('the error handler while storage is unavailable', () => {
  async function answer(error: unknown, language: string) {
    const app = Fastify();
    installErrorHandling(app);
    app.get('/x', async () => {
      throw error;
    });
    const response = await app.inject({ method: 'GET', url: '/x', headers: { 'accept-language': language } });
    await app.close();
    return response;
  }

  it('answers 503 with Retry-After and the envelope in zh-CN and en; anything else stays a 500', async () => {
    const data = { retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS };
    for (const [language, text] of [
      ['zh-CN', messages.storageUnavailable['zh-CN']],
      ['en', messages.storageUnavailable.en],
    ] as const) {
      const response = await answer(
        errorWith('57P01', 'terminating connection due to administrator command'),
        language,
      );
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
      expect(response.json()).toEqual({
        code: errorCodes.serviceUnavailable,
        message: text.replace('{{retryAfterSeconds}}', String(STORAGE_RETRY_AFTER_SECONDS)),
        data,
      });
    }
    const other = await answer(errorWith('23505'), 'en');
    expect(other.statusCode).toBe(500);
    expect(other.headers['retry-after']).toBeUndefined();
    expect(other.json()).toMatchObject({ code: errorCodes.internal, data: null });
  });
});
