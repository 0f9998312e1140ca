/**
 * The public calls of one event log, under `/api/transparency/<log>` (the gateway routes the prefix to the
 * log's service): its signed checkpoints, consistency proofs between two sizes, an event's inclusion
 * proof, and the leaf hashes a mirror copies. Answered from the files outside the database; only the
 * event → leaf number look-up reads the database. Nothing here needs a session.
 */
import { transparency } from '@sais/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { AppError, ValidationError } from '../errors.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { type CheckpointRecord } from './checkpoint-log.ts';
import { LeafNumbers } from './leaves.ts';
import type { LogFiles } from './log-files.ts';
import { consistencyPath, inclusionPath } from './merkle-tree.ts';

/** Body codes of the transparency calls; texts in events/src/messages/transparency.ts. */
export const transparencyCodes = {
  checkpointNotFound: 50001,
  beyondCheckpoint: 50002,
  eventNotInLog: 50003,
  // Witness cosignatures (issue 33, decision 0033).
  /** A cosignature by a witness whose key the operator has not listed. */
  witnessUnknown: 50010,
  /** A cosignature line that is malformed or does not verify over the checkpoint it names. */
  cosignatureInvalid: 50011,
  /** A cosignature dated more than 10 minutes ahead of the platform's clock. */
  cosignatureFromFuture: 50012,
} as const;

export function transparencyPrefix(log: string): string {
  return `/api/transparency/${log}`;
}

/** The most leaf hashes one call answers (128 KiB of base64). */
export const maxLeavesPerCall = 4096;

const checkpoint = z.object({
  number: z.number().int(),
  treeSize: z.number().int(),
  rootHash: z.string(),
  time: z.string(),
  note: z.string(),
  /** Witnesses' cosignature lines of this checkpoint (c2sp.org/tlog-cosignature), each checked on receipt. */
  cosignatures: z.array(z.string()).optional(),
});
/** How far ahead of this clock a cosignature's time may be. */
const futureSlackSeconds = 600;
const size = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const base64 = (hashes: readonly Buffer[]) => hashes.map((hash) => hash.toString('base64'));

export interface TransparencyRoutesOptions {
  log: string;
  origin: string;
  schema: string;
  db: Db;
  files: LogFiles;
  /** The verifier key of the platform's signing key (`name+id+base64`). */
  publicKey: string;
  /** The witnesses whose cosignatures are taken (decision 0033). */
  witnesses?: readonly transparency.WitnessKey[];
}

export async function transparencyRoutes(root: FastifyInstance, options: TransparencyRoutesOptions) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { log, files } = options;
  const prefix = transparencyPrefix(log);
  const numbers = new LeafNumbers(options.schema);
  const tags = ['transparency'];
  const beyond = () => new AppError(transparencyCodes.beyondCheckpoint, 'beyondCheckpoint', 400);
  const latestSize = async () => (await files.checkpoints.latest())?.treeSize ?? 0;
  const witnesses = options.witnesses ?? [];
  const cosigned = async (record: CheckpointRecord | null) =>
    record && { ...record, cosignatures: await files.cosignatures.of(record.number) };

  app.get(
    `${prefix}/checkpoints`,
    {
      schema: {
        tags,
        summary: `Signed checkpoints of the ${log} event log: the latest, and those numbered after \`after\` (or the one of tree size \`size\`)`,
        querystring: z.object({
          after: size.optional(),
          limit: z.coerce.number().int().min(1).max(1000).optional(),
          size: size.optional(),
        }),
        response: {
          200: envelopeOf(
            z.object({
              log: z.string(),
              origin: z.string(),
              publicKey: z.string(),
              /** The witness keys the platform lists: a checkpoint's cosignatures are counted against them. */
              witnesses: z.array(z.string()),
              latest: checkpoint.nullable(),
              checkpoints: z.array(checkpoint),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { after = 0, limit = 100 } = request.query;
      let checkpoints: CheckpointRecord[];
      if (request.query.size === undefined) checkpoints = await files.checkpoints.list(after, limit);
      else {
        const found = await files.checkpoints.bySize(request.query.size);
        if (!found) throw new AppError(transparencyCodes.checkpointNotFound, 'checkpointNotFound', 404);
        checkpoints = [found];
      }
      return ok({
        log,
        origin: options.origin,
        publicKey: options.publicKey,
        witnesses: witnesses.map((key) => key.text),
        latest: await cosigned(await files.checkpoints.latest()),
        checkpoints: await Promise.all(checkpoints.map(async (record) => (await cosigned(record))!)),
      });
    },
  );

  app.post(
    `${prefix}/cosignatures`,
    {
      schema: {
        tags,
        summary: `A witness's cosignature (c2sp.org/tlog-cosignature) of one ${log} checkpoint; only witnesses the operator lists`,
        body: z.object({
          number: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
          line: z.string().max(300),
        }),
        response: {
          200: envelopeOf(
            z.object({ number: z.number(), added: z.boolean(), witnesses: z.number(), of: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const { number, line } = request.body;
      const parsed = transparency.parseCosignatureLine(line);
      if (!parsed) throw new AppError(transparencyCodes.cosignatureInvalid, 'cosignatureInvalid', 400);
      const record = await files.checkpoints.byNumber(number);
      if (!record) throw new AppError(transparencyCodes.checkpointNotFound, 'checkpointNotFound', 404);
      const body = transparency.splitNote(record.note)!.body;
      const check = await transparency.verifyCosignature(body, line, witnesses);
      if (!check.ok && check.reason === 'unknown witness')
        throw new AppError(transparencyCodes.witnessUnknown, 'witnessUnknown', 403);
      if (!check.ok) throw new AppError(transparencyCodes.cosignatureInvalid, 'cosignatureInvalid', 400);
      if (check.time > Date.now() / 1000 + futureSlackSeconds)
        throw new AppError(transparencyCodes.cosignatureFromFuture, 'cosignatureFromFuture', 400);
      const added = await files.cosignatures.add(number, line);
      const count = (await files.cosignatures.of(number)).length;
      if (added) request.log.info({ log, number, witness: check.key.text }, 'witness cosignature taken');
      return ok({ number, added, witnesses: count, of: witnesses.length });
    },
  );

  app.get(
    `${prefix}/consistency`,
    {
      schema: {
        tags,
        summary: `Consistency proof (RFC 9162 §2.1.4) that the ${log} log of size \`to\` extends its first \`from\` events`,
        querystring: z.object({ from: size.pipe(z.number().min(1)), to: size }),
        response: {
          200: envelopeOf(z.object({ from: z.number(), to: z.number(), path: z.array(z.string()) })),
        },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      if (from > to) throw new ValidationError('invalidRequest', { data: { fields: ['from'] } });
      if (to > (await latestSize())) throw beyond();
      return ok({ from, to, path: base64(await consistencyPath(files.tree, from, to)) });
    },
  );

  app.get(
    `${prefix}/proof`,
    {
      schema: {
        tags,
        summary: `Inclusion proof of one ${log} event in a signed checkpoint: the first that covers it, or the one of \`size\``,
        querystring: z.object({ eventId: z.uuid(), size: size.optional() }),
        response: {
          200: envelopeOf(
            z.object({
              log: z.string(),
              eventId: z.string(),
              eventHash: z.string(),
              leafIndex: z.number().int().nullable(),
              checkpoint: checkpoint.nullable(),
              inclusionPath: z.array(z.string()),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { eventId } = request.query;
      const leaf = await numbers.leafOf(options.db, eventId);
      if (!leaf) throw new AppError(transparencyCodes.eventNotInLog, 'eventNotInLog', 404);
      const answer = { log, eventId, eventHash: leaf.hash, leafIndex: leaf.leafIndex };
      if (leaf.leafIndex === null) return ok({ ...answer, checkpoint: null, inclusionPath: [] });
      let covering: CheckpointRecord | null;
      if (request.query.size === undefined) covering = await files.checkpoints.firstCovering(leaf.leafIndex);
      else {
        covering = await files.checkpoints.bySize(request.query.size);
        if (!covering) throw new AppError(transparencyCodes.checkpointNotFound, 'checkpointNotFound', 404);
        if (covering.treeSize <= leaf.leafIndex) throw beyond();
      }
      if (!covering) return ok({ ...answer, checkpoint: null, inclusionPath: [] });
      const path = await inclusionPath(files.tree, leaf.leafIndex, covering.treeSize);
      return ok({ ...answer, checkpoint: covering, inclusionPath: base64(path) });
    },
  );

  app.get(
    `${prefix}/leaves`,
    {
      schema: {
        tags,
        summary: `Leaf hashes of the ${log} log (32 bytes each, concatenated, base64), at most ${maxLeavesPerCall} a call, within the latest checkpoint`,
        querystring: z.object({ start: size, count: z.coerce.number().int().min(1).max(maxLeavesPerCall) }),
        response: { 200: envelopeOf(z.object({ start: z.number(), count: z.number(), hashes: z.string() })) },
      },
    },
    async (request) => {
      const { start, count } = request.query;
      if (start + count > (await latestSize())) throw beyond();
      const hashes = await files.tree.leafHashes(start, count);
      return ok({ start, count, hashes: hashes.toString('base64') });
    },
  );
}
