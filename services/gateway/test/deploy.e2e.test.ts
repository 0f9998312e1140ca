/**
 * The one-machine deployment (infra/deploy/compose.yaml) as an operator starts it: PostgreSQL, Kafka, one
 * container per service, a scoring-workers container, the seed job and the gateway, on the images
 * `npm test` builds (sais/runtime and the servers) and this checkout. A participant then goes the whole
 * way through the gateway, with the workers' container scoring the upload.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/platform.ts';
import { eventually, freePort, submitToSeededTrack } from './support.ts';

const run = promisify(execFile);
const project = `saisdeploy${randomBytes(4).toString('hex')}`;
const composeFile = join(repositoryRoot, 'infra/deploy/compose.yaml');
let env: NodeJS.ProcessEnv = process.env;

const compose = (...args: string[]) =>
  run('docker-compose', ['-p', project, '-f', composeFile, ...args], {
    cwd: repositoryRoot,
    env,
    maxBuffer: 32 << 20,
    timeout: 600_000,
  });

/** The staff-account command inside the running identity container, as infra/deploy/README.md says. */
const admin = (...args: string[]) =>
  compose('exec', '-T', 'identity', 'node', '--import', 'tsx', 'services/gateway/src/cli/admin.ts', ...args);

describe('the one-machine deployment (docker-compose)', () => {
  afterAll(async () => {
    await compose('down', '-v', '--remove-orphans', '--timeout', '5').catch(() => undefined);
  }, 120_000);

  it('runs every service in its own container, seeds the prize, and scores a participant’s upload', async () => {
    const port = await freePort();
    env = {
      ...process.env,
      SAIS_DB_PASSWORD: randomBytes(12).toString('hex'),
      SAIS_HTTP: `127.0.0.1:${port}`,
    };
    const origin = `http://127.0.0.1:${port}`;
    try {
      await compose('up', '-d');
      await admin('create', 'alice2027', 'alice2027@example.org', 'Alice1234');
      await admin('create', 'staff2027', 'staff2027@example.org', 'Staff1234', 'reviewer', 'operator');
      const seeded = await eventually(async () => {
        const answer = await fetch(`${origin}/api/race/list?pageSize=100`).catch(() => undefined);
        const body = (await answer?.json()) as { data?: { total: number } } | undefined;
        return body?.data?.total === 5 ? body.data.total : undefined;
      }, 'the five seeded competitions through the gateway');
      expect(seeded).toBe(5);
      // The seed job ran once and left.
      const { stdout: seedLog } = await compose('logs', '--no-color', 'seed');
      expect(seedLog).toContain('seeded 5 competitions');

      const { participant, competitionId } = await submitToSeededTrack(origin);

      // The scoring workers run in their own container, not in the scoring API's.
      const { stdout: workers } = await compose('ps', '-q', 'scoring-workers');
      expect(workers.trim()).not.toBe('');
      // This deployment runs no container images, and says so rather than accepting one.
      const container = await participant('POST', '/submission/container', {
        competitionId,
        image: 'registry.example.org/team/solution:1',
      });
      expect(container.code).toBe(40026);
      expect((container as unknown as { message: string }).message).toMatch(/does not run container images/);
    } catch (error) {
      const { stdout } = await compose('logs', '--no-color', '--tail', '40').catch(() => ({ stdout: '' }));
      throw new Error(`${(error as Error).message}\n--- docker-compose logs ---\n${stdout}`, {
        cause: error,
      });
    }
  }, 900_000);
});
