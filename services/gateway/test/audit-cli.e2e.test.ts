import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'kysely';
import { Accounts, identityMigrations } from '@sais/identity';
import { copyPgliteTemplate } from '@sais/kit/testing';
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
      await copyPgliteTemplate(join(dataDir, 'pg'));
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

  it('events:verify -- --read-models finds opened messages as the events make them; a real change of read_at is still named (issue 35)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sais-audit-inbox-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SAIS_DATA_DIR: dataDir,
      SAIS_KEYS_DIR: `${dataDir}-keys`,
    };
    delete env.DATABASE_URL;
    delete env.KAFKA_BROKERS;
    try {
      const platform = await createAllInOne(
        { dataDir, keysDir: `${dataDir}-keys`, env: {} },
        pino({ level: 'silent' }),
      );
      let tampered = '';
      try {
        const db = platform.database.db;
        const accounts = new Accounts(
          db,
          platform.stores.get('identity')!,
          undefined as never,
          undefined as never,
        );
        await accounts.createStaff(
          { username: 'reader2027', email: 'reader2027@example.org', password: 'Reader1234', roles: [] },
          { actor: { userId: null, role: 'system' }, correlationId: randomUUID(), causationId: null },
        );
        const login = await platform.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { username: 'reader2027', password: 'Reader1234' },
        });
        const cookie = String(login.headers['set-cookie']).split(';')[0]!;
        const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
          platform.app.inject({ method, url, payload, headers: { cookie } }).then((answer) => answer.json());
        // Three tokens made: three inbox messages, each opened as the portal opens it.
        for (const name of ['one', 'two', 'three'])
          expect(
            (await call('POST', '/api/user/tokens/create', { name, scopes: ['read'], expiresInDays: 30 }))
              .code,
          ).toBe(0);
        let records: { notifyId: string }[] = [];
        for (let i = 0; i < 100 && records.length < 3; i++) {
          records = (await call('GET', '/api/notify/page?page=1&pageSize=10')).data.records;
          if (records.length < 3) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(records).toHaveLength(3);
        for (const { notifyId } of records)
          expect((await call('GET', `/api/notify/detail?notifyId=${notifyId}`)).code).toBe(0);
        // The inbox projection has taken the three read marks (the check compares up to what it applied).
        for (let i = 0; ; i++) {
          const applied = await sql<{ version: number }>`select stream_version as version
            from identity.projection_streams where projection = 'identity.inbox' and stream_id like 'inbox-%'`.execute(
            db,
          );
          if (applied.rows[0]?.version === 3) break;
          if (i === 100) throw new Error('the inbox projection did not take the read marks');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // Rows written before the fix took their own clock reading a few ms before the event's: the
        // migration gives them the event's time. A row changed by seconds is not the old write path.
        const [early, changed] = records as [{ notifyId: string }, { notifyId: string }];
        await sql`update identity.inbox set read_at = read_at - interval '2 milliseconds' where message_id = ${early.notifyId}`.execute(
          db,
        );
        await sql`update identity.inbox set read_at = read_at - interval '5 seconds' where message_id = ${changed.notifyId}`.execute(
          db,
        );
        tampered = changed.notifyId;
        await identityMigrations['2026-11-27-95-inbox-read-at']!.up(db as never);
      } finally {
        await platform.close();
      }
      const verify = await run('npm', ['run', '--silent', 'events:verify', '--', '--read-models'], {
        cwd: repositoryRoot,
        env,
        timeout: 120_000,
      }).catch((failure: { stdout: string }) => failure);
      expect(verify.stdout).toContain('read model identity.inbox: 1 rows DIFFER from the events');
      expect(verify.stdout).toContain(`inbox (message_id="${tampered}"): changed`);
      expect(verify.stdout.match(/^ {4}\w+: live/gm)).toEqual(['    read_at: live']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(`${dataDir}-keys`, { recursive: true, force: true });
    }
  }, 300_000);
});
