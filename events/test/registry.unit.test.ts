import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EventValidationError,
  eventDefinitions,
  identity,
  latestEventVersion,
  parseEvent,
  parseEventData,
  scoring,
  team,
} from '../src/index.ts';

function envelope(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    type: 'identity.AccountRegistered',
    version: 1,
    streamType: 'identity.account',
    streamId: randomUUID(),
    streamVersion: 1,
    globalPosition: 1,
    transactionId: '740',
    occurredAt: new Date().toISOString(),
    actor: { userId: null, role: 'participant' },
    correlationId: randomUUID(),
    causationId: null,
    hash: 'a'.repeat(64),
    previousHash: null,
    data: {
      accountId: randomUUID(),
      username: 'alice2026',
      email: 'alice@example.org',
      phone: null,
      termsAccepted: true,
    },
    ...overrides,
  };
}

describe('event registry', () => {
  it('knows every identity event with a type, a version and a meaning', () => {
    const identityDefinitions = [...eventDefinitions.values()].filter((d) => d.type.startsWith('identity.'));
    expect(identityDefinitions.length).toBeGreaterThanOrEqual(15);
    for (const definition of identityDefinitions) {
      expect(definition.meaning.length).toBeGreaterThan(10);
      expect(definition.version).toBeGreaterThan(0);
      expect(definition.aggregate).toMatch(/^identity\.[a-z]+$/);
    }
  });

  it('accepts a well-formed envelope and returns the parsed data', () => {
    const parsed = parseEvent(envelope());
    expect(parsed.data).toMatchObject({ username: 'alice2026', termsAccepted: true });
  });

  it('names the failing field of a malformed payload', () => {
    const bad = envelope({
      data: { accountId: randomUUID(), username: 'Alice', email: null, phone: null, termsAccepted: true },
    });
    expect(() => parseEvent(bad)).toThrowError(EventValidationError);
    expect(() => parseEvent(bad)).toThrowError(/data\.username/);
  });

  it('names the failing envelope field', () => {
    expect(() => parseEvent(envelope({ correlationId: 'not-a-uuid' }))).toThrowError(/correlationId/);
  });

  it('rejects an unknown event type', () => {
    expect(() => parseEventData('identity.Nonsense', 1, {})).toThrowError(/unknown event type/);
  });

  it('rejects an event put on the wrong aggregate', () => {
    expect(() => parseEvent(envelope({ streamType: 'identity.session' }))).toThrowError(/streamType/);
  });

  it('reads version 1 of a personal event as written, and version 2 plain or sealed (decision 0017)', () => {
    const accountId = randomUUID();
    const sealed = `pd1.${accountId}.${'A'.repeat(40)}`;
    expect(latestEventVersion('identity.AccountRegistered')).toBe(2);
    expect(identity.AccountRegistered.personal.fields).toEqual(['username', 'email', 'phone']);
    // v1: the plain fields only.
    expect(() =>
      parseEventData('identity.AccountRegistered', 1, {
        accountId,
        username: sealed,
        email: null,
        phone: null,
        termsAccepted: true,
      }),
    ).toThrowError(/data\.username/);
    // v2: the same fields plain (as a producer writes them) or sealed (as stored).
    for (const username of ['alice2026', sealed])
      expect(
        parseEventData('identity.AccountRegistered', 2, {
          accountId,
          username,
          email: sealed,
          phone: null,
          termsAccepted: true,
        }),
      ).toMatchObject({ username });
    expect(() =>
      parseEventData('identity.AccountRegistered', 2, {
        accountId,
        username: 'pd1.not-sealed',
        email: null,
        phone: null,
        termsAccepted: true,
      }),
    ).toThrowError(/data\.username/);
    expect(parseEventData('identity.ProfileUpdated', 2, { accountId, changes: sealed })).toEqual({
      accountId,
      changes: sealed,
    });
  });

  it('keeps secrets out of identity events', () => {
    const shape = JSON.stringify(Object.keys(identity.AccountRegistered.data.shape));
    expect(shape).not.toMatch(/password/i);
  });
});

describe('stream event lists', () => {
  it.each([
    ['team.team', team.teamEvents],
    ['scoring.submission', scoring.submissionEvents],
  ] as const)('lists every event of %s', (aggregate, list) => {
    const registered = [...eventDefinitions.values()]
      .filter((d) => d.aggregate === aggregate)
      .map((d) => d.type);
    expect(list.map((d) => d.type).sort()).toEqual([...new Set(registered)].sort());
  });
});
