import { z } from 'zod';

export const roles = ['participant', 'reviewer', 'operator', 'auditor', 'admin', 'system'] as const;
export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

export const Actor = z.object({
  userId: z.string().min(1).nullable(),
  role: Role,
  ip: z.string().optional(),
});
export type Actor = z.infer<typeof Actor>;

/** Who caused an event and in which flow: stored beside every event and hashed with it. */
export const EventMetadata = z.object({
  actor: Actor,
  correlationId: z.uuid(),
  causationId: z.uuid().nullable(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** The metadata of what the platform does by itself (jobs, sweeps, set-up): no user, a flow of its own. */
export const systemMetadata = (correlationId: string = globalThis.crypto.randomUUID()): EventMetadata => ({
  actor: { userId: null, role: 'system' },
  correlationId,
  causationId: null,
});

/** The envelope every stored and published event travels in. */
export const EventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().regex(/^[a-z]+\.[A-Z][A-Za-z]+$/, 'type must look like "identity.AccountRegistered"'),
  version: z.number().int().positive(),
  streamType: z.string().regex(/^[a-z]+\.[a-z][a-zA-Z]*$/, 'streamType must look like "identity.account"'),
  streamId: z.string().min(1),
  streamVersion: z.number().int().positive(),
  globalPosition: z.number().int().positive(),
  transactionId: z.string().regex(/^\d+$/),
  occurredAt: z.iso.datetime(),
  actor: Actor,
  correlationId: z.uuid(),
  causationId: z.uuid().nullable(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  previousHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  data: z.unknown(),
});
export type EventEnvelope<TData = unknown> = Omit<z.infer<typeof EventEnvelope>, 'data'> & { data: TData };
