import { describe, expect, it } from 'vitest';
import { mayUse } from './permissions';

describe('console permissions', () => {
  it('lets reviewers and admins use the verifications, and nobody else', () => {
    expect(mayUse(['participant', 'reviewer'], 'verifications')).toBe(true);
    expect(mayUse(['admin'], 'verifications')).toBe(true);
    expect(mayUse(['participant'], 'verifications')).toBe(false);
    expect(mayUse(['operator', 'auditor'], 'verifications')).toBe(false);
    expect(mayUse(undefined, 'verifications')).toBe(false);
  });

  it('keeps resources without a rule for admins', () => {
    expect(mayUse(['reviewer'], 'competitions')).toBe(false);
    expect(mayUse(['admin'], 'competitions')).toBe(true);
  });

  it('gives operators the operations pages, users without role grants; admins everything', () => {
    for (const resource of ['competitions', 'submissions', 'leaderboards', 'teams', 'users']) {
      expect(mayUse(['operator'], resource)).toBe(true);
      expect(mayUse(['admin'], resource)).toBe(true);
      expect(mayUse(['reviewer', 'auditor', 'participant'], resource)).toBe(false);
    }
    expect(mayUse(['operator'], 'users.roles')).toBe(false);
    expect(mayUse(['admin'], 'users.roles')).toBe(true);
  });
});
