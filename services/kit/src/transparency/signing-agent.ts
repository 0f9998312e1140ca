/**
 * The signing agent (`npm run transparency:signer`, decision 0048): the checkpoint key on a machine apart
 * from the database and the data, which signs only what extends what it signed before. It keeps, per log,
 * the latest checkpoint it signed (in its own folder); a new checkpoint of that log must have a higher
 * number and a tree that extends the held one (a consistency proof, RFC 9162), so whoever takes the
 * platform's disk and rewrites the history cannot have it signed: a rollback, a fork or a log started
 * anew is refused. An adoption (a log started anew, decision 0033) is signed only for a log the agent
 * holds nothing of: starting a log anew takes `--forget <origin>` on the agent's machine, logged there.
 * The platform reaches it with `SAIS_TRANSPARENCY_SIGNER` (its address) and a shared secret.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import { join } from 'node:path';
import { transparency } from '@sais/events';
import type { CheckpointSigner, SignRequest } from './signer.ts';

interface Held {
  number: number;
  treeSize: number;
  /** base64 */
  rootHash: string;
  /** The note the agent answered with (a retry of the same body gets it again). */
  note: string;
}

export type SignAnswer =
  | { kind: 'signed'; note: string }
  /** The body's tree is larger than the held one: send the consistency path from `from` leaves. */
  | { kind: 'proof'; from: number }
  | { kind: 'refused'; reason: string };

const stateFile = 'held.json';
const forgottenFile = 'forgotten.log';
const adoptionsFile = 'adoptions.log';

export class SigningAgent {
  #held: Record<string, Held> = {};
  /** One decision at a time: two signs of one log must see each other's state. */
  #turn: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly signer: CheckpointSigner,
    readonly state: string,
  ) {}

  static async open(signer: CheckpointSigner, state: string): Promise<SigningAgent> {
    await mkdir(state, { recursive: true, mode: 0o700 });
    const agent = new SigningAgent(signer, state);
    try {
      agent.#held = JSON.parse(await readFile(join(state, stateFile), 'utf8')) as Record<string, Held>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return agent;
  }

  /** What the agent holds of a log: the latest checkpoint it signed. */
  held(origin: string): Omit<Held, 'note'> | null {
    const held = this.#held[origin];
    return held ? { number: held.number, treeSize: held.treeSize, rootHash: held.rootHash } : null;
  }

  sign(request: SignRequest): Promise<SignAnswer> {
    const next = this.#turn.then(() => this.#decide(request));
    this.#turn = next.catch(() => undefined);
    return next;
  }

  /** Drops what the agent holds of a log (an operator's decision on this machine, logged with its reason). */
  async forget(origin: string, reason: string, by: string, now = new Date()): Promise<boolean> {
    const line = reason.replace(/\s+/g, ' ').trim();
    if (!line || line.length > 500)
      throw new Error('--reason must say why, in one line of at most 500 characters');
    const done = this.#turn.then(async () => {
      const held = this.#held[origin];
      if (!held) return false;
      await appendFile(
        join(this.state, forgottenFile),
        `${JSON.stringify({ origin, held: { ...held, note: undefined }, time: now.toISOString(), by, reason: line })}\n`,
        { mode: 0o600 },
      );
      delete this.#held[origin];
      await this.#save();
      return true;
    });
    this.#turn = done.catch(() => undefined);
    return done;
  }

  async #decide({ body, consistency }: SignRequest): Promise<SignAnswer> {
    const checkpoint = transparency.parseCheckpointBody(body);
    if (!checkpoint) return this.#adoption(body);
    const { origin, number, treeSize } = checkpoint;
    const rootHash = transparency.bytesToBase64(checkpoint.rootHash);
    const held = this.#held[origin];
    if (held) {
      const holds = `#${held.number} (${held.treeSize} events, root ${held.rootHash})`;
      if (number === held.number && held.note.startsWith(`${body}\n`))
        return { kind: 'signed', note: held.note };
      if (number <= held.number || treeSize < held.treeSize)
        return {
          kind: 'refused',
          reason: `ROLLBACK: checkpoint #${number} (${treeSize} events) of ${origin} is not after ${holds}, which the signing agent signed: the log was rolled back or started anew`,
        };
      if (treeSize === held.treeSize && rootHash !== held.rootHash)
        return {
          kind: 'refused',
          reason: `FORK: checkpoint #${number} of ${origin} has another root for ${treeSize} events than ${holds}: the history was rewritten`,
        };
      if (treeSize > held.treeSize && held.treeSize > 0) {
        if (!consistency || consistency.from !== held.treeSize) return { kind: 'proof', from: held.treeSize };
        const path = consistency.path.map((hash) => transparency.base64ToBytes(hash));
        const consistent = await transparency.verifyConsistency({
          size1: held.treeSize,
          size2: treeSize,
          root1: transparency.base64ToBytes(held.rootHash),
          root2: checkpoint.rootHash,
          path,
        });
        if (!consistent)
          return {
            kind: 'refused',
            reason: `FORK: checkpoint #${number} of ${origin} (${treeSize} events) does not extend ${holds}: the history was rewritten`,
          };
      }
    }
    const note = await this.signer.sign(body);
    // Held before it is answered: a crash after the answer never lets an older state sign again.
    this.#held[origin] = { number, treeSize, rootHash, note };
    await this.#save();
    return { kind: 'signed', note };
  }

  async #adoption(body: string): Promise<SignAnswer> {
    const first = body.split('\n', 1)[0] ?? '';
    if (!first.endsWith(' adoption') || !body.endsWith('\n'))
      return { kind: 'refused', reason: 'the signing agent signs checkpoints and adoptions only' };
    const origin = first.slice(0, -' adoption'.length);
    const held = this.#held[origin];
    if (held)
      return {
        kind: 'refused',
        reason: `the signing agent holds checkpoint #${held.number} (${held.treeSize} events) of ${origin}: an adoption is signed only after an operator ran \`npm run transparency:signer -- --forget ${origin} --reason "…"\` on the agent's machine`,
      };
    await appendFile(join(this.state, adoptionsFile), `${JSON.stringify({ origin, body })}\n`, {
      mode: 0o600,
    });
    return { kind: 'signed', note: await this.signer.sign(body) };
  }

  async #save(): Promise<void> {
    const file = join(this.state, stateFile);
    await writeFile(`${file}.tmp`, JSON.stringify(this.#held), { mode: 0o600 });
    await rename(`${file}.tmp`, file);
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

async function readJson(request: IncomingMessage, limit = 1 << 20): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const isSignRequest = (value: unknown): value is SignRequest => {
  const v = value as SignRequest | null;
  return (
    typeof v?.body === 'string' &&
    (v.consistency === undefined ||
      (Number.isSafeInteger(v.consistency.from) &&
        Array.isArray(v.consistency.path) &&
        v.consistency.path.length <= 128 &&
        v.consistency.path.every((hash) => typeof hash === 'string')))
  );
};

/**
 * The agent over HTTP: `GET /key` (its verifier key, public), `POST /sign` with `Authorization: Bearer
 * <secret>` and a JSON `SignRequest`. Answers in the platform's envelope: 0 signed (`data.note`), 409 a
 * consistency proof is needed (`data.from`), 403 refused (`message`), 401 a wrong secret, 400 malformed.
 */
export function signingAgentServer(agent: SigningAgent, secret: string): Server {
  if (secret.length < 16) throw new Error('the signing agent needs a secret of at least 16 characters');
  const expected = digest(secret);
  return createServer((request, response) => {
    const answer = (status: number, code: number, message: string, data: unknown = null) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ code, message, data }));
    };
    void (async () => {
      if (request.method === 'GET' && request.url === '/key')
        return answer(200, 0, 'ok', { key: agent.signer.key.text });
      if (request.method !== 'POST' || request.url !== '/sign') return answer(404, 404, 'not found');
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(given), expected)) return answer(401, 401, 'wrong or missing secret');
      const body = await readJson(request).catch(() => null);
      if (!isSignRequest(body))
        return answer(400, 400, 'expected {"body": string, "consistency"?: {from, path}}');
      const result = await agent.sign(body);
      if (result.kind === 'signed') return answer(200, 0, 'signed', { note: result.note });
      if (result.kind === 'proof')
        return answer(409, 409, `send the consistency proof from ${result.from} leaves`, {
          from: result.from,
        });
      return answer(403, 403, result.reason);
    })().catch((error: unknown) => answer(500, 500, String(error)));
  });
}
