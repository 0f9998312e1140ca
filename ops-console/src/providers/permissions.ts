import { auditServices, eventsResource } from '../audit/services';

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
};

export function mayUse(roles: readonly string[] | undefined, resource: string): boolean {
  if (!Array.isArray(roles)) return false;
  if (roles.includes('admin')) return true;
  return (resourceRoles[resource] ?? []).some((role) => roles.includes(role));
}
