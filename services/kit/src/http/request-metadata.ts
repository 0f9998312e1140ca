import type { EventMetadata, Role } from '@sais/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { correlationIdOf } from '../observability/request-trace.ts';
import type { Authenticator, Principal } from './principal.ts';
import { requirePrincipal } from './require-principal.ts';

/**
 * Event metadata for a command made through HTTP: who (if signed in, with the role they act in),
 * from where, and the flow it belongs to (the caller's `x-correlation-id` when it is a UUID, else the
 * request's id): the request's log lines carry the same correlation id (observability/request-trace.ts).
 */
export function requestMetadata(
  request: FastifyRequest,
  userId: string | null = null,
  role: Role = 'participant',
): EventMetadata {
  const correlationId = correlationIdOf(request.headers, request.id);
  return { actor: { userId, role, ip: request.ip }, correlationId, causationId: null };
}

/** A staff member's call: who acts, and the metadata of the events it causes. */
export interface StaffCall {
  accountId: string;
  metadata: EventMetadata;
}

/**
 * The staff call of `principal`, already let in for `role`: the role recorded on its events is the one
 * that let them in (`role` when they hold it, else admin).
 */
export function staffCall(request: FastifyRequest, principal: Principal, role: Role): StaffCall {
  const acting: Role = principal.roles.includes(role) ? role : 'admin';
  return { accountId: principal.accountId, metadata: requestMetadata(request, principal.accountId, acting) };
}

/** Signed in holding `role` (or admin), else the 401 / 403 envelope; with the metadata for its events. */
export async function requireStaff(
  auth: Authenticator,
  request: FastifyRequest,
  role: Role,
): Promise<StaffCall> {
  return staffCall(request, await requirePrincipal(auth, request, role), role);
}

/**
 * An area of staff routes (issue 20: one role check per area, not one per handler): registered inside
 * an encapsulated plugin, it checks every request of that plugin's routes for `role` (or admin) in one
 * `onRequest` hook, before the body is read, and answers 401 / 403 there. The returned function gives a
 * handler (or a route's `preHandler`) the call the hook let in.
 */
export function staffArea(
  app: FastifyInstance,
  auth: Authenticator,
  role: Role,
): (request: FastifyRequest) => StaffCall {
  const calls = new WeakMap<FastifyRequest, StaffCall>();
  app.addHook('onRequest', async (request) => {
    calls.set(request, await requireStaff(auth, request, role));
  });
  return (request) => {
    const call = calls.get(request);
    if (!call) throw new Error(`${request.routeOptions.url ?? request.url} is not in this ${role} area`);
    return call;
  };
}
