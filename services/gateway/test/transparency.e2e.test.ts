// The finding of issue 17 on the embedded default: with the platform stopped, someone edits the PGlite
// database around the append-only trigger and recomputes the hash chain after changing a score. The hash
// chains pass; `npm run events:verify` checks the events against the signed checkpoint outside the data
// folder and names the position that differs.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { transparency } from '@sais/events';
import { openDatabase } from '@sais/kit/db';
import { EventStore } from '@sais/kit/eventstore';
import { sql } from 'kysely';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createAllInOne, repositoryRoot } from '../src/platform.ts';
import { appendScored } from './platform-folder.ts';
import { platformFolder } from './platform-folder.ts';

const run = promisify(execFile);

describe('npm run events:verify against the signed checkpoints (embedded default)', () => {
  it('names the position of a score rewritten with recomputed hashes', async () => {
    const { dataDir, env, cleanup } = await platformFolder('embedded', 'tlog');
    try {
      // The platform scores a submission (the event its worker appends) and signs a checkpoint.
      const platform = await createAllInOne(
        { dataDir, env: { ...env, SAIS_TRANSPARENCY: 'off' } },
        pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      );
      const { submissionId, event: scored } = await appendScored(platform);
      const checkpoint = await platform.checkpointers.get('scoring')!.checkpointNow();
      expect(checkpoint).toMatchObject({ number: 1, treeSize: 1 });
      await platform.close();

      const verify = () =>
        run('npm', ['run', '--silent', 'events:verify'], { cwd: repositoryRoot, env }).then(
          ({ stdout }) => ({ code: 0, stdout }),
          (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
        );
      const clean = await verify();
      expect(clean.stdout).toContain('scoring: matches checkpoint #1 (1 events, ');
      expect(clean.code).toBe(0);

      // Platform stopped: the score is changed and its hash recomputed, the trigger bypassed.
      const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pg') });
      await sql`set session_replication_role = replica`.execute(database.db);
      await sql`update scoring.events set data = jsonb_set(data, '{publicScore}', '0.01')
        where event_id = ${scored.id}`.execute(database.db);
      const [changed] = await new EventStore(database.db, 'scoring').readStream(`submission-${submissionId}`);
      await sql`update scoring.events set hash = ${await transparency.recomputeEventHash(changed!)}
        where event_id = ${scored.id}`.execute(database.db);
      await database.close();

      const tampered = await verify();
      expect(tampered.code).toBe(1);
      expect(tampered.stdout).toMatch(/^scoring: ok, 1 events$/m); // the hash chain alone passes
      expect(tampered.stdout).toMatch(
        new RegExp(
          `^scoring: DIFFERS from checkpoint #1 \\(1 events, [^)]+\\) at position 0 \\(rewritten\\): event ${scored.id} \\(scoring.SubmissionScored, stream submission-${submissionId} version 1\\)`,
          'm',
        ),
      );
    } finally {
      await cleanup();
    }
  }, 180_000);
});
