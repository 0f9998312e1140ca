/** One event as the audit API answers it (`services/kit/src/audit/event-log.ts`). */
export interface AuditEvent {
  id: string;
  position: number;
  stream: { type: string; id: string };
  version: number;
  schemaVersion: number;
  type: string;
  occurredAt: string;
  actor: { userId: string | null; role: string };
  correlation: { correlationId: string; causationId: string | null };
  data: unknown;
  hash: string;
  previousHash: string | null;
}

export interface VerifyResult {
  service: string;
  ok: boolean;
  checked: number;
  firstBroken?: { streamId: string; streamVersion: number; eventId: string; reason: string };
}

export interface ReplayStatus {
  projection: string;
  state: 'idle' | 'running' | 'done' | 'failed';
  read: number;
  applied: number;
  total: number;
  startedAt: string | null;
  finishedAt: string | null;
  startedBy: string | null;
  error: string | null;
}

export interface ProjectionInfo {
  id: string;
  name: string;
  streamTypes: string[];
  asOf: boolean;
  replay: ReplayStatus;
}
