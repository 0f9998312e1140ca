import { auditServices, eventsResource } from '../audit/services';
import { integrityRoles } from '../integrity/roles';

/**
 * Which console roles may use which resource. The services enforce the same rules; the console only
 * uses them to show each role what it may use. Admins may use everything.
 */
export const resourceRoles: Readonly<Record<string, readonly string[]>> = {
  verifications: ['reviewer'],
  // Audit (read only): each service's event history, stream history, hash-chain check.
  audit: ['auditor'],
  ...Object.fromEntries(auditServices.map((service) => [eventsResource(service), ['auditor']])),
  // Replaying a projection is for admins only.
  'audit.replay': [],
  // Operations: competitions, submissions, leaderboards, teams; users (view, disable) with role grants
  // for admins only.
  competitions: ['operator'],
  submissions: ['operator'],
  leaderboards: ['operator'],
  teams: ['operator'],
  users: ['operator'],
  'users.roles': [],
  // Closing an account (its personal data is deleted 90 working days later) is for admins only.
  'users.close': [],
  // Integrity tools: sealed results, collusion signals, leaderboards as of a time.
  ...integrityRoles,
};

export function mayUse(roles: readonly string[] | undefined, resource: string): boolean {
  if (!Array.isArray(roles)) return false;
  if (roles.includes('admin')) return true;
  return (resourceRoles[resource] ?? []).some((role) => roles.includes(role));
}
