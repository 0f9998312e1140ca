/**
 * One folder per event log under the transparency directory (the platform's, or a mirror's copy):
 *   <dir>/keys                  verifier keys whose signatures count here, one per line
 *   <dir>/<log>/checkpoints     signed checkpoints, one JSON string per line (checkpoint-log.ts)
 *   <dir>/<log>/tree/level-NN   the Merkle tree's nodes (tree-files.ts)
 *   <dir>/<log>/cosignatures    witnesses' cosignatures of the checkpoints (cosignatures.ts)
 *   <dir>/witnesses             the witness keys whose cosignatures the platform takes
 * A log is named after its service (identity, competition, team, scoring).
 */
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transparency } from '@sais/events';
import { CheckpointLog } from './checkpoint-log.ts';
import { CosignatureLog } from './cosignatures.ts';
import { TreeFiles } from './tree-files.ts';

export interface LogFiles {
  readonly name: string;
  readonly dir: string;
  readonly tree: TreeFiles;
  readonly checkpoints: CheckpointLog;
  readonly cosignatures: CosignatureLog;
  close(): Promise<void>;
}

export async function openLogFiles(
  directory: string,
  name: string,
  options: { readOnly?: boolean } = {},
): Promise<LogFiles> {
  const dir = join(directory, name);
  const tree = await TreeFiles.open(dir, options);
  const checkpoints = await CheckpointLog.open(dir, options);
  const cosignatures = new CosignatureLog(dir);
  return {
    name,
    dir,
    tree,
    checkpoints,
    cosignatures,
    async close() {
      await tree.close();
      await checkpoints.close();
      await cosignatures.close();
    },
  };
}

const keysFile = (directory: string) => join(directory, 'keys');

/** The verifier keys a transparency directory trusts (none when it has no keys file). */
export async function trustedKeys(directory: string): Promise<transparency.VerifierKey[]> {
  let text: string;
  try {
    text = await readFile(keysFile(directory), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return Promise.all(lines.map((line) => transparency.parseVerifierKey(line)));
}

/** Adds a key to the directory's trusted keys (kept when it is there already). */
export async function trustKey(directory: string, key: transparency.VerifierKey): Promise<void> {
  const known = await trustedKeys(directory);
  if (!known.some((k) => k.text === key.text))
    await appendFile(keysFile(directory), `${key.text}\n`, { mode: 0o644 });
}
