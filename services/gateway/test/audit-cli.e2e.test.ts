import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createAllInOne, repositoryRoot } from '../src/platform.ts';

const run = promisify(execFile);

describe('the auditors’ command-line tools on the embedded database', () => {
  it('npm run replay and npm run events:verify -- --read-models finish (no self-deadlock on PGlite)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sais-audit-cli-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SAIS_DATA_DIR: dataDir,
      SAIS_KEYS_DIR: `${dataDir}-keys`,
    };
    delete env.DATABASE_URL;
    delete env.KAFKA_BROKERS;
    const npm = (...args: string[]) =>
      run('npm', ['run', '--silent', ...args], { cwd: repositoryRoot, env, timeout: 120_000 });
    try {
      // The platform has run once (schemas, the seeded prize), then stopped: PGlite is one process at a time.
      const platform = await createAllInOne(
        { dataDir, keysDir: `${dataDir}-keys`, env: {} },
        pino({ level: 'silent' }),
      );
      await platform.close();
      await npm('admin', '--', 'create', 'alice2027', 'alice2027@example.org', 'Alice1234');
      const replay = await npm('replay', '--', 'team.accounts');
      expect(replay.stdout).toMatch(/replayed team\.accounts: \d+ of \d+ events in \d+ ms/);
      const verify = await npm('events:verify', '--', '--read-models');
      expect(verify.stdout).toMatch(/identity: ok, \d+ events/);
      expect(verify.stdout).toContain('read model team.accounts: ok');
      expect(verify.stdout).toContain('read model scoring.leaderboard: ok');
      // The state tables of the seeded platform are what their events say (no false alarm; decision 0028).
      expect(verify.stdout).toMatch(/state competition state: ok, [1-9]\d* rows match the events/);
      expect(verify.stdout).toMatch(/state scoring state: ok, \d+ rows match the events/);
      expect(verify.stdout).toMatch(/state team state: ok, \d+ rows match the events/);
      expect(verify.stdout).toMatch(/state identity state: ok, \d+ rows match the events/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(`${dataDir}-keys`, { recursive: true, force: true });
    }
  }, 300_000);
});
