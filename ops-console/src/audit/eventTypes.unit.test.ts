import { eventDefinitions } from '@sais/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventTypeName, eventTypeNames, streamParts } from './eventTypes';

describe('event types in words (issue 35)', () => {
  it('names every event type the platform records, in both languages', () => {
    const types = [...new Set([...eventDefinitions.values()].map((definition) => definition.type))];
    const missing = types.filter((type) => !eventTypeNames[type]?.en || !eventTypeNames[type]?.['zh-CN']);
    expect(missing).toEqual([]);
    expect(eventTypeName('identity.TokenRevoked', 'zh-CN')).toBe('撤销访问令牌');
    expect(eventTypeName('identity.TokenRevoked', 'en')).toBe('Access token revoked');
  });

  it('shows a type it does not know as recorded', () => {
    expect(eventTypeName('team.SomethingNew', 'zh-CN')).toBe('team.SomethingNew');
  });

  it('reads the kind and id of any `<kind>-<uuid>[-<rest>]` stream', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('account', 'team', 'identity-signal', 'publication', 'session'),
        fc.uuid(),
        fc.option(fc.constantFrom('preliminary', 'semi-final'), { nil: undefined }),
        (kind, id, rest) => {
          expect(streamParts(`${kind}-${id}${rest ? `-${rest}` : ''}`)).toEqual({
            kind,
            id,
            ...(rest && { rest }),
          });
        },
      ),
    );
    expect(streamParts('level-03')).toBeNull();
  });
});
