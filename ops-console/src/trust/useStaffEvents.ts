import { useMemo } from 'react';
import { useLocale } from 'react-admin';
import { auditServices } from '../audit/services';
import type { AuditEvent } from '../audit/types';
import { apiBase } from '../providers';
import { createHttpClient } from '../providers/httpClient';

export type ServiceEvent = AuditEvent & { service: string };

const accountStream = /^(?:account|verification)-([0-9a-f-]{36})$/;

/** The account an event concerns: named in its data, or the account or verification stream it is on. */
export function accountOfEvent(event: AuditEvent): string | undefined {
  return (event.data as { accountId?: string } | null)?.accountId ?? accountStream.exec(event.stream.id)?.[1];
}

/** A list call of one service's audit events (`GET /api/admin/audit/<service>/events`). */
export function useAuditEvents() {
  const locale = useLocale();
  return useMemo(() => {
    const http = createHttpClient(() => locale);
    return async (service: string, filter: Record<string, unknown>, size: number) => {
      const params = new URLSearchParams({
        filter: JSON.stringify(filter),
        sort: JSON.stringify(['occurredAt', 'DESC']),
        range: JSON.stringify([0, size - 1]),
      });
      const { json } = await http(`${apiBase}/admin/audit/${service}/events?${params}`);
      return (json as AuditEvent[]).map((event) => ({ ...event, service }));
    };
  }, [locale]);
}

/**
 * Staff activity: the newest events staff caused in every service (`filter {staff: true}`), merged
 * newest first, with the usernames of who did them (from their account streams).
 */
export function useStaffActivity() {
  const list = useAuditEvents();
  const usernames = useUsernames();
  return useMemo(
    () =>
      async (services: readonly string[] = auditServices, size = 50) => {
        const lists = await Promise.all(services.map((service) => list(service, { staff: true }, size)));
        const events = lists
          .flat()
          .sort((a, b) => b.occurredAt.localeCompare(a.occurredAt))
          .slice(0, size);
        // Who acted, and whose account or verification it concerned.
        const ids = [
          ...new Set(events.flatMap((event) => [event.actor.userId, accountOfEvent(event)]).filter(Boolean)),
        ] as string[];
        const names = await usernames(ids);
        return { events, names };
      },
    [list, usernames],
  );
}

/**
 * Usernames by account id (`GET /api/admin/names/accounts`; the audit API shows personal fields
 * sealed, decision 0017), asked once per page load and id.
 */
export function useUsernames() {
  const locale = useLocale();
  return useMemo(() => {
    const http = createHttpClient(() => locale);
    return async (ids: readonly string[]): Promise<Record<string, string | null>> => {
      const names: Record<string, string | null> = {};
      for (let start = 0; start < ids.length; start += 100) {
        const params = new URLSearchParams(ids.slice(start, start + 100).map((id) => ['id', id]));
        Object.assign(names, (await http(`${apiBase}/admin/names/accounts?${params}`)).json);
      }
      return names;
    };
  }, [locale]);
}
