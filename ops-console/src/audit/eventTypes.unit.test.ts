import { eventDefinitions } from '@sais/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventTypeName, eventTypeNames, signalStreamParts, streamKindNames, streamParts } from './eventTypes';

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

  it('names the kind of every `<kind>-<uuid>` stream the services write, in both languages', () => {
    // The services' stream ids (grep -rhoE '`[a-z-]+-\$\{' services/*/src): a kind not named here
    // would show on the event history as its raw prefix (registration · 6faafb5b… · <uuid>, issue 35).
    const kinds = [
      'account',
      'verification',
      'notices',
      'inbox',
      'session',
      'token',
      'code',
      'signal',
      'identity-signal',
      'competition',
      'groundtruth',
      'registration',
      'team',
      'submission',
      'refusal',
      'publication',
      'leaderboard',
      'leaderboard-seal',
      'board-options',
      'scoring-team',
      'runqueue',
    ];
    const unnamed = kinds.filter((kind) => !streamKindNames[kind]?.en || !streamKindNames[kind]?.['zh-CN']);
    expect(unnamed).toEqual([]);
    const id = '6faafb5b-0000-4000-8000-000000000001';
    const account = '432d120c-4d12-49c2-8bde-293cd880a636';
    expect(streamParts(`registration-${id}-${account}`)).toEqual({ kind: 'registration', id, rest: account });
    expect(streamParts(`leaderboard-seal-${id}-final`)).toEqual({
      kind: 'leaderboard-seal',
      id,
      rest: 'final',
    });
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

  it("reads a signal's stream (its id is a kind and a digest, not a uuid)", () => {
    const digest = 'a'.repeat(32);
    expect(signalStreamParts(`signal-identical-files-${digest}`)).toEqual({
      kind: 'signal',
      signalKind: 'identical-files',
    });
    expect(signalStreamParts(`identity-signal-shared-document-${digest}`)).toEqual({
      kind: 'identity-signal',
      signalKind: 'shared-document',
    });
    expect(signalStreamParts(`signal-correlated-predictions-${digest}`)?.signalKind).toBe(
      'correlated-predictions',
    );
    expect(signalStreamParts('signal-6faafb5b-0000-4000-8000-000000000001')).toBeNull();
    expect(signalStreamParts(`refusal-${digest}`)).toBeNull();
  });
});
