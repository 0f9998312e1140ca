/**
 * The one-machine deployment (infra/deploy/compose.yaml) as an operator starts it: PostgreSQL, Kafka, one
 * container per service, a scoring-workers container, the seed job and the gateway, and with the
 * `containers` profile the scoring-runner container on this host's Docker Engine, on the images
 * `npm test` builds (sais/runtime and the servers) and this checkout. A participant then goes the whole
 * way through the gateway, with the workers' container scoring the upload and the runner running an
 * image pulled from a registry on loopback (infra/test/registry.ts).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { type TestRegistry, startRegistry } from '../../../infra/test/registry.ts';
import { repositoryRoot } from '../src/platform.ts';
import { eventually, finished, freePort, submitToSeededTrack } from './support.ts';

const run = promisify(execFile);
const project = `saisdeploy${randomBytes(4).toString('hex')}`;
const composeFile = join(repositoryRoot, 'infra/deploy/compose.yaml');
let env: NodeJS.ProcessEnv = process.env;

const compose = (...args: string[]) =>
  run('docker-compose', ['-p', project, '-f', composeFile, '--profile', 'containers', ...args], {
    cwd: repositoryRoot,
    env,
    maxBuffer: 32 << 20,
    timeout: 600_000,
  });

/** The staff-account command inside the running identity container, as infra/deploy/README.md says. */
const admin = (...args: string[]) =>
  compose('exec', '-T', 'identity', 'node', '--import', 'tsx', 'services/gateway/src/cli/admin.ts', ...args);

describe('the one-machine deployment (docker-compose)', () => {
  let registry: TestRegistry | undefined;

  afterAll(async () => {
    await compose('down', '-v', '--remove-orphans', '--timeout', '5').catch(() => undefined);
    await registry?.stop();
  }, 120_000);

  it('runs every service in its own container, seeds the prize, scores a participant’s upload and runs their image', async () => {
    const port = await freePort();
    const { stdout: dockerGroup } = await run('stat', ['-c', '%g', '/var/run/docker.sock']);
    env = {
      ...process.env,
      SAIS_DB_PASSWORD: randomBytes(12).toString('hex'),
      SAIS_HTTP: `127.0.0.1:${port}`,
      SAIS_CONTAINERS: 'on',
      SAIS_DOCKER_GID: dockerGroup.trim(),
    };
    const origin = `http://127.0.0.1:${port}`;
    try {
      // A participant's image in a private registry, built while the deployment starts.
      const pushed = startRegistry().then(async (started) => {
        registry = started;
        return started.push('solution:1', {
          '/app/run.sh':
            '#!/bin/sh\necho run inside the deployment\nls /saisdata\ncp /saisdata/sample_submission.csv /saisresult/result.csv\n',
        });
      });
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

      const { participant, staff } = await submitToSeededTrack(origin);

      // The scoring workers run in their own container, not in the scoring API's.
      const { stdout: workers } = await compose('ps', '-q', 'scoring-workers');
      expect(workers.trim()).not.toBe('');

      // The reasoning track takes container images: the runner's container starts the run on the host's
      // engine, binding the datasets staged in the data volume, and the result is scored.
      const list = await participant<{ records: { competitionId: string; title: { en: string } }[] }>(
        'GET',
        '/race/list',
      );
      const reasoning = list.data.records.find((record) => /reasoning/i.test(record.title.en))!.competitionId;
      const detail = await participant<{ agreements: { agreementId: string }[] }>(
        'GET',
        `/race/detail?competitionId=${reasoning}`,
      );
      const agreements = detail.data.agreements.map((agreement) => agreement.agreementId);
      expect((await participant('POST', '/race/signUp', { competitionId: reasoning, agreements })).code).toBe(
        0,
      );
      const opened = `/admin/competitions/${reasoning}/phases/preliminary/open`;
      expect((await staff('POST', opened, {})).code).toBe(0);
      const image = await pushed;
      // The registry is on the host's loopback: the operator allows it for this competition (issue 18).
      const allowed = await staff('PUT', `/admin/competitions/${reasoning}`, {
        allowedRegistries: [registry!.address],
      });
      expect(allowed.code).toBe(0);
      // The phase opening reaches scoring through the bus.
      let answer: unknown;
      const submissionId = await eventually(async () => {
        const submitted = await participant<{ submissionId: string }>('POST', '/submission/container', {
          competitionId: reasoning,
          image,
          username: registry!.username,
          password: registry!.password,
        });
        answer = submitted;
        return submitted.code === 0 ? submitted.data.submissionId : undefined;
      }, 'an accepted container submission').catch((error: Error) => {
        throw new Error(`${error.message}: ${JSON.stringify(answer)}`);
      });
      const ran = await finished(participant, reasoning, submissionId);
      expect(ran.log).toContain('run inside the deployment');
      expect(ran.log).toContain('sample_submission.csv');
      expect(ran.status).toBe('Completed');

      // Every process serves its metrics on port 9464 of the compose network (docs/operations.md), and the
      // published port does not.
      const scrape = async (service: string) =>
        (
          await compose(
            'exec',
            '-T',
            service,
            'node',
            '-e',
            "fetch('http://127.0.0.1:9464/metrics').then(async (r) => process.stdout.write(await r.text()))",
          )
        ).stdout;
      expect(await scrape('scoring')).toMatch(/^sais_submissions\{status="Completed"\} 2$/m);
      expect(await scrape('scoring-workers')).toMatch(
        /^sais_scoring_duration_seconds_count\{metric="\w+"\} 1$/m,
      );
      expect(await scrape('scoring-runner')).toMatch(/^sais_container_runs_total\{outcome="scored"\} 1$/m);
      expect(await scrape('gateway')).toMatch(
        /^sais_http_request_duration_seconds_count\{method="POST",route="\/api\/submission\/\*",status_code="200"\} [1-9]/m,
      );
      expect(await (await fetch(`${origin}/metrics`)).text()).not.toMatch(/# TYPE|sais_/);
    } catch (error) {
      const { stdout } = await compose('logs', '--no-color', '--tail', '40').catch(() => ({ stdout: '' }));
      throw new Error(`${(error as Error).message}\n--- docker-compose logs ---\n${stdout}`, {
        cause: error,
      });
    }
  }, 900_000);
});
