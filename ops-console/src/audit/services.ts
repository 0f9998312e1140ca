/** The platform's services, each with its own audit calls under `/api/admin/audit/<service>`. */
export const auditServices = ['identity', 'competition', 'team', 'scoring'] as const;
export type AuditService = (typeof auditServices)[number];

/** The react-admin resource of a service's event history (`GET /api/admin/audit/<service>/events`). */
export function eventsResource(service: string): string {
  return `audit/${service}/events`;
}

/** The console page of one stream's history (here, not in a page's module: many pages link to it). */
export function streamPath(service: string, streamId: string): string {
  return `/audit/streams/${encodeURIComponent(service)}/${encodeURIComponent(streamId)}`;
}

export function isAuditService(value: string | undefined): value is AuditService {
  return (auditServices as readonly string[]).includes(value ?? '');
}

/** Which service an events resource belongs to (`audit/identity/events` → `identity`). */
export function serviceOfResource(resource: string | undefined): AuditService {
  const service = resource?.split('/')[1];
  return isAuditService(service) ? service : 'identity';
}
