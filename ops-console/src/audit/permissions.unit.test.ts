import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { zhCN } from '../i18n/zh-CN';
import { mayUse } from '../providers/permissions';
import { auditServices, eventsResource, serviceOfResource } from './services';

describe('audit permissions and texts', () => {
  it('lets auditors and admins read the audit pages; replay is for admins only', () => {
    for (const resource of ['audit', ...auditServices.map(eventsResource)]) {
      expect(mayUse(['auditor'], resource)).toBe(true);
      expect(mayUse(['admin'], resource)).toBe(true);
      expect(mayUse(['reviewer', 'operator', 'participant'], resource)).toBe(false);
      expect(mayUse(undefined, resource)).toBe(false);
    }
    expect(mayUse(['auditor'], 'audit.replay')).toBe(false);
    expect(mayUse(['admin'], 'audit.replay')).toBe(true);
  });

  it('maps a resource back to its service', () => {
    expect(serviceOfResource('audit/scoring/events')).toBe('scoring');
    expect(serviceOfResource('verifications')).toBe('identity');
  });

  it('has every audit text in both languages', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, inner]) => keys(inner, `${prefix}${key}.`))
        : [prefix];
    const audit = (messages: typeof en) => (messages.console as Record<string, unknown>).audit;
    expect(keys(audit(zhCN)).sort()).toEqual(keys(audit(en)).sort());
  });
});
