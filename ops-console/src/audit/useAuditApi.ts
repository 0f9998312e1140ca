import type { audit } from '@sais/events';
import { useMemo } from 'react';
import { useLocale } from 'react-admin';
import { apiBase } from '../providers';
import { createHttpClient } from '../providers/httpClient';
import type { AuditEvent, AuditJob, ProjectionInfo, ReplayStatus, VerifyResult } from './types';

const path = (service: string, rest: string) =>
  `${apiBase}/admin/audit/${encodeURIComponent(service)}/${rest}`;

/** The audit calls that are not simple-REST lists: stream history, verify, projections, replay, jobs. */
export function useAuditApi() {
  const locale = useLocale();
  return useMemo(() => {
    const http = createHttpClient(() => locale);
    const get = async <T>(url: string) => (await http(url)).json as T;
    return {
      stream: (service: string, streamId: string) =>
        get<AuditEvent[]>(path(service, `streams/${encodeURIComponent(streamId)}`)),
      verify: (service: string) => get<VerifyResult>(path(service, 'verify')),
      projections: (service: string) => get<ProjectionInfo[]>(path(service, 'projections')),
      replayStatus: (service: string, projection: string) =>
        get<ReplayStatus>(path(service, `replay/${encodeURIComponent(projection)}`)),
      startReplay: async (service: string, projection: string) =>
        (
          await http(path(service, `replay/${encodeURIComponent(projection)}`), {
            method: 'POST',
            body: '{}',
          })
        ).json as ReplayStatus,
      /** Starts a background check (as-of view, chain verification, read-model check) of a service. */
      startJob: async <R>(service: string, request: audit.requests.JobRequest) =>
        (await http(path(service, 'jobs'), { method: 'POST', body: JSON.stringify(request) }))
          .json as AuditJob<R>,
      job: <R>(service: string, id: string) =>
        get<AuditJob<R>>(path(service, `jobs/${encodeURIComponent(id)}`)),
    };
  }, [locale]);
}

/** The server's message of a failed call (already in the interface language). */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
}
