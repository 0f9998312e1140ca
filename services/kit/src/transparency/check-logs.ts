/**
 * `npm run events:verify` against signed checkpoints: each service's events compared with its log in a
 * transparency directory (the platform's own, or a mirror's copy), as lines for a person to read.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { transparency } from '@sais/events';
import type { Db } from '../db/database.ts';
import type { EventStore } from '../eventstore/event-store.ts';
import { openLogFiles, trustedKeys } from './log-files.ts';
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

/** How long a new log may have no checkpoint at all (the first is signed within one interval). */
const missingGraceMs = 10 * 60_000;

export async function checkEventLogs(options: {
  db: Db;
  stores: ReadonlyMap<string, EventStore>;
  /** A transparency directory: the platform's (`transparencyDirectory`) or a mirror's. */
  directory: string;
  /** Keys to trust; by default the directory's `keys` file. */
  keys?: readonly transparency.VerifierKey[];
  /** The platform's checkpoint interval (`SAIS_CHECKPOINT_INTERVAL_MS`, default 60 s). */
  intervalMs?: number;
  now?: Date;
}): Promise<{ ok: boolean; lines: string[] }> {
  const keys = options.keys?.length ? options.keys : await trustedKeys(options.directory);
  const lines: string[] = [];
  let ok = true;
  for (const [log, store] of options.stores) {
    if (!existsSync(join(options.directory, log, 'checkpoints'))) {
      // A log with events older than a few intervals has had checkpoints made: none here means the
      // transparency log is gone (deleted with a rewrite, say) or this is not its folder. Not a pass.
      const [first] = await store.readAll(undefined, 1);
      const expectedAfterMs = Math.max(missingGraceMs, 3 * (options.intervalMs ?? 60_000));
      const now = (options.now ?? new Date()).getTime();
      if (first && now - Date.parse(first.occurredAt) > expectedAfterMs) {
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
    const files = await openLogFiles(options.directory, log, { readOnly: true });
    try {
      const result = await verifyAgainstCheckpoints({ log, db: options.db, store, files, keys });
      if (result.problem) ok = false;
      lines.push(describeVerification(result));
    } finally {
      await files.close();
    }
  }
  return { ok, lines };
}
