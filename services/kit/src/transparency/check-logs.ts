/**
 * `npm run events:verify` against signed checkpoints: each service's events compared with its log in a
 * transparency directory (the platform's own, or a mirror's copy), as lines for a person to read.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { transparency } from '@sais/events';
import type { Db } from '../db/database.ts';
import type { EventStore } from '../eventstore/event-store.ts';
import { type LogFiles, openLogFiles, trustedKeys } from './log-files.ts';
import { witnessedCheckpoints } from './cosignatures.ts';
import { describeAdoption, readAdoptions } from './adoptions.ts';
import { graceOf } from './log-start.ts';
import { type Difference, type LogVerification, verifyAgainstCheckpoints } from './verify-log.ts';

const meaning: Record<Difference, string> = {
  'content changed': 'its content no longer matches its hash (changed in place)',
  rewritten:
    'it is not the event the checkpoint recorded there (rewritten with recomputed hashes, or replaced)',
  deleted: 'the event the checkpoint recorded here is missing (deleted); the next one moved up',
  reordered: 'it and the next event swapped places in commit order',
  inserted: 'it is an event the checkpoint does not have, added before the recorded one',
  truncated: 'the log ends here (events deleted from its end)',
};

export function describeVerification(result: LogVerification): string {
  const { log, checkpoint, problem } = result;
  if (!checkpoint) return `${log}: no signed checkpoint yet, only the hash chains were checked`;
  const against = `checkpoint #${checkpoint.number} (${checkpoint.treeSize} events, ${checkpoint.time})`;
  if (!problem)
    return (
      `${log}: matches ${against}` +
      (result.uncovered > 0 ? `; ${result.uncovered} later events are not in a checkpoint yet` : '')
    );
  if (problem.kind === 'checkpoint') return `${log}: CHECKPOINT #${problem.number} FAILS: ${problem.detail}`;
  const found = problem.event
    ? `event ${problem.event.id} (${problem.event.type}, stream ${problem.event.streamId} version ${problem.event.streamVersion})`
    : 'no event';
  return (
    `${log}: DIFFERS from ${against} at position ${problem.position} (${problem.difference}): ${found}; ` +
    `${meaning[problem.difference]}; the checkpoint's leaf there is ${problem.expectedLeaf}`
  );
}

export async function checkEventLogs(options: {
  db: Db;
  stores: ReadonlyMap<string, EventStore>;
  /** A transparency directory: the platform's (`transparencyDirectory`) or a mirror's. */
  directory: string;
  /** Keys to trust; by default the directory's `keys` file. */
  keys?: readonly transparency.VerifierKey[];
  /**
   * Witness keys (decision 0033): each log's checkpoints must carry valid cosignatures of at least
   * `quorum` of them (default: all), and the latest checkpoint each witness cosigned is named.
   */
  witnesses?: readonly transparency.WitnessKey[];
  quorum?: number;
  /** The platform's checkpoint interval (`SAIS_CHECKPOINT_INTERVAL_MS`, default 60 s). */
  intervalMs?: number;
  now?: Date;
}): Promise<{ ok: boolean; lines: string[] }> {
  const keys = options.keys?.length ? options.keys : await trustedKeys(options.directory);
  const lines: string[] = [];
  let ok = true;
  const expectedAfterMs = graceOf(options.intervalMs);
  const now = (options.now ?? new Date()).getTime();
  for (const [log, store] of options.stores) {
    const [first] = await store.readAll(undefined, 1);
    const logDir = join(options.directory, log);
    // Every adoption (decision 0033) is said: an operator let the platform start a new log or key here.
    const adoptions = await readAdoptions(logDir, keys);
    for (const adoption of adoptions) lines.push(describeAdoption(log, adoption));
    const adoptedNew = adoptions.some((adoption) => adoption.after === 0);
    const files = existsSync(join(logDir, 'checkpoints'))
      ? await openLogFiles(options.directory, log, { readOnly: true })
      : null;
    try {
      const firstCheckpoint = files ? await files.checkpoints.byNumber(1) : null;
      if (!files || !firstCheckpoint) {
        // A log with events older than a few intervals has had checkpoints made: none here means the
        // transparency log is gone (deleted with a rewrite, say) or this is not its folder. Not a pass.
        if (first && now - Date.parse(first.occurredAt) > expectedAfterMs && !adoptedNew) {
          ok = false;
          lines.push(
            `${log}: NO CHECKPOINTS in ${options.directory}, although its events go back to ${first.occurredAt} ` +
              'and the platform signs a checkpoint every interval: its transparency log is missing (deleted, or ' +
              'another folder). Check against a copy kept elsewhere: --checkpoints <mirror>',
          );
        } else {
          lines.push(`${log}: no checkpoints in ${options.directory} yet, only the hash chains were checked`);
        }
        continue;
      }
      if (keys.length === 0) {
        ok = false;
        lines.push(`${log}: no trusted key for ${options.directory}: pass --key <name+id+base64>`);
        continue;
      }
      // The first checkpoint comes within an interval of the first event: one signed long after it was
      // a new log started over an existing history, which only an adoption may do.
      if (
        first &&
        Date.parse(firstCheckpoint.time) - Date.parse(first.occurredAt) > expectedAfterMs &&
        !adoptedNew
      ) {
        ok = false;
        lines.push(
          `${log}: CHECKPOINT #1 (${firstCheckpoint.time}) was signed long after the first event ` +
            `(${first.occurredAt}), with no adoption record: a new log was started over an existing ` +
            'history (the old log deleted along with a rewrite, say). Check against a copy kept elsewhere: ' +
            '--checkpoints <mirror>',
        );
      }
      const result = await verifyAgainstCheckpoints({ log, db: options.db, store, files, keys });
      if (result.problem) ok = false;
      lines.push(describeVerification(result));
      if (options.witnesses?.length) {
        const witnessed = await checkWitnesses(log, files, options.witnesses, options.quorum);
        if (!witnessed.ok) ok = false;
        lines.push(...witnessed.lines);
      }
    } finally {
      await files?.close();
    }
  }
  return { ok, lines };
}

/** The witnesses' cosignatures of one log against the keys given (events:verify --witness). */
async function checkWitnesses(
  log: string,
  files: LogFiles,
  witnesses: readonly transparency.WitnessKey[],
  quorum = witnesses.length,
): Promise<{ ok: boolean; lines: string[] }> {
  const latest = await files.checkpoints.latest();
  const { seen, invalid } = await witnessedCheckpoints(files, witnesses);
  const lines = invalid.map(
    ({ number, line }) => `${log}: CHECKPOINT #${number} HAS A COSIGNATURE THAT DOES NOT VERIFY: ${line}`,
  );
  for (const key of witnesses) {
    const number = seen.get(key.text);
    lines.push(
      number === undefined
        ? `${log}: NOT COSIGNED by witness ${key.name} (${key.text}): no checkpoint of this log carries its cosignature. ` +
            'A witness that saw an earlier history refuses a rolled-back or rewritten log: run it ' +
            '(npm run transparency:witness) to see what it holds'
        : `${log}: witness ${key.name} cosigned checkpoint #${number}` +
            (latest && number < latest.number ? ` (the latest is #${latest.number})` : ' (the latest)'),
    );
  }
  const ok = invalid.length === 0 && seen.size >= quorum;
  if (seen.size < quorum) lines.push(`${log}: COSIGNED BY ${seen.size} OF THE ${quorum} WITNESSES REQUIRED`);
  return { ok, lines };
}
