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
import { bundleServiceMain } from '../scripts/service-bundle.ts';
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
    // The containers run the services' bundle (`npm run build`): made again here, from these sources.
    await bundleServiceMain();
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

      const { participant, staff, competitionId, sample } = await submitToSeededTrack(origin);

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
      // Registration of the seeded tracks opens in 2027 (issue 30): the operator opens it now.
      expect(
        (await staff('POST', `/admin/competitions/${reasoning}/phases/registration/open`, {})).code,
      ).toBe(0);
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
      const scrape = async (service: string, index = 1) =>
        (
          await compose(
            'exec',
            '-T',
            '--index',
            String(index),
            service,
            'node',
            '-e',
            "fetch('http://127.0.0.1:9464/metrics').then(async (r) => process.stdout.write(await r.text()))",
          )
        ).stdout;
      expect(await scrape('scoring')).toMatch(/^sais_submissions\{status="Completed"\} 2$/m);
      // Two worker processes (the standby, issue 16): one of them scored the file.
      const scored = [await scrape('scoring-workers'), await scrape('scoring-workers', 2)].map((text) =>
        Number(/^sais_scoring_duration_seconds_count\{metric="\w+"\} (\d+)$/m.exec(text)?.[1] ?? 0),
      );
      expect(scored[0]! + scored[1]!).toBe(1);
      // Two runner processes (decision 0039): exactly one of them ran the image.
      const ranBy = [await scrape('scoring-runner'), await scrape('scoring-runner', 2)].map((text) =>
        Number(/^sais_container_runs_total\{outcome="scored"\} (\d+)$/m.exec(text)?.[1] ?? 0),
      );
      expect(ranBy[0]! + ranBy[1]!).toBe(1);
      expect(await scrape('gateway')).toMatch(
        /^sais_http_request_duration_seconds_count\{method="POST",route="\/api\/submission\/\*",status_code="200"\} [1-9]/m,
      );
      expect(await (await fetch(`${origin}/metrics`)).text()).not.toMatch(/# TYPE|sais_/);

      // Faults (issue 16): every service runs two processes. A `kill -9` of one scoring process (API and
      // projections), then of one scoring worker process, each right before an upload: the other process
      // answers, the upload is scored and on the leaderboard within seconds of the kill, and the restart
      // policy brings the killed container back.
      const sql = async (query: string) =>
        (await compose('exec', '-T', 'postgres', 'psql', '-U', 'postgres', '-At', '-c', query)).stdout.trim();
      for (const service of ['scoring', 'scoring-workers']) {
        const { stdout: ids } = await compose('ps', '-q', service);
        const containers = ids.trim().split('\n');
        expect(containers).toHaveLength(2);
        // The process itself is killed, as a crash would (the engine then restarts it by its policy);
        // `docker kill` would count as the operator's stop, which the policy leaves stopped.
        const { stdout: pid } = await run('docker', [
          'inspect',
          '--format',
          '{{.State.Pid}}',
          containers[0]!,
        ]);
        let restartedByHand = false;
        try {
          process.kill(Number(pid.trim()), 'SIGKILL');
        } catch (error) {
          // Not root (the engine's processes are not this user's): the engine kills it, and the test
          // starts it again as the policy would have.
          if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
          await run('docker', ['kill', '--signal', 'KILL', containers[0]!]);
          restartedByHand = true;
        }
        const killedAt = Date.now();
        const upload = new FormData();
        upload.append('competitionId', competitionId);
        upload.append('file', new Blob([sample], { type: 'text/csv' }), 'result.csv');
        // A request on a connection to the killed process fails; the participant tries again.
        const uploaded = await eventually(async () => {
          const answer = await participant<{ submissionId: string }>(
            'POST',
            '/submission/upload',
            upload,
          ).catch(() => undefined);
          return answer?.code === 0 ? answer.data.submissionId : undefined;
        }, `an upload accepted after the kill of a ${service} process`);
        expect((await finished(participant, competitionId, uploaded)).status).toBe('Completed');
        await eventually(
          async () =>
            (await sql(
              `select count(*) from scoring.board_submissions where submission_id = '${uploaded}'`,
            )) === '1'
              ? true
              : undefined,
          'the upload on the leaderboard',
        );
        const seconds = (Date.now() - killedAt) / 1000;
        console.log(
          `[deploy] kill -9 of a ${service} process: upload scored and ranked ${seconds.toFixed(1)} s after`,
        );
        // The goal is 10 s, measured by `npm run bench -- faults` on a quiet machine (a time bound is a
        // benchmark's, not a test's). Here the promise is that the other process takes over at all: this
        // run shares 2 cores with the rest of `npm test` (4.6–8.4 s seen at loads of 13–26, and once 77 s
        // at 15 while the killed container's restart joined its consumer groups), so the bound only
        // tells a take-over from a hang.
        expect(seconds).toBeLessThan(180);
        if (restartedByHand) await run('docker', ['start', containers[0]!]);
        const back = await eventually(async () => {
          const { stdout: state } = await run('docker', [
            'inspect',
            '--format',
            '{{.RestartCount}} {{.State.Running}}',
            containers[0]!,
          ]);
          return new RegExp(`^${restartedByHand ? '\\d+' : '[1-9]\\d*'} true$`).test(state.trim())
            ? state.trim()
            : undefined;
        }, `the killed ${service} container restarted`);
        expect(back).toMatch(/true$/);
      }
      // The track's three uploads of the day are on its board, each once (a row per submission).
      expect(
        await sql(`select count(*) from scoring.board_submissions where competition_id = '${competitionId}'`),
      ).toBe('3');
    } catch (error) {
      const { stdout } = await compose('logs', '--no-color', '--tail', '40').catch(() => ({ stdout: '' }));
      throw new Error(`${(error as Error).message}\n--- docker-compose logs ---\n${stdout}`, {
        cause: error,
      });
    }
  }, 900_000);
});
