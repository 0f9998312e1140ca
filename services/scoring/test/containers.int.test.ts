/**
 * Container-image submissions on the real Docker Engine, pulling from a real registry (Debian's
 * docker-registry with htpasswd auth on 127.0.0.1) and scored like result files. Images are built here
 * from busybox-static (infra/test/registry.ts); nothing is downloaded. Runs are sandboxed by gVisor
 * (runsc, the default runtime; decision 0037), and hostile images try to get out of it: the escape probe
 * (fixtures/escape-probe.c, built here with gcc -static), a fork bomb, an oversized result.
 */
import { execFile } from 'node:child_process';
import { readFile, readdir, mkdtemp, rm } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { scoring } from '@sais/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestRegistry, startRegistry } from '../../../infra/test/registry.ts';
import { baseImage } from '../../../infra/test/registry.ts';
import Docker from 'dockerode';
import { DockerRunner } from '../src/containers/docker-runner.ts';
import { processCount } from '../src/containers/process-count.ts';
import { type RunLimits, runnerSettings } from '../src/containers/settings.ts';
import { reportRuntime } from '../src/containers/setup.ts';
import { takeContainers } from './containers-support.ts';
import { type Web, csv, scoringHarness, waitFor } from './support.ts';

const answers = csv((i) => i);
const copyAnswers = 'cp /saisdata/answers.csv /saisresult/result.csv\n';
const script = (body: string) => ({ '/app/run.sh': `#!/bin/sh\n${body}` });

interface Row {
  submissionId: string;
  kind: string;
  status: string;
  score: number | null;
  /** The run's own output. */
  log: string | null;
  /** The verdict: the runner's or the scorer's, a key with parameters (issue 21). */
  refusal: { key: string; params: Record<string, string | number> } | null;
  /** Output and verdict, rendered in the request's language. */
  logText: string | null;
  runState: string | null;
  image: string;
  configPath: string;
}

describe('container-image submissions', () => {
  let harness: Awaited<ReturnType<typeof scoringHarness>>;
  let registry: TestRegistry;
  let datasets: string;
  let competitionId: string;
  let probe: Server;
  let probeHits = 0;
  const images: Record<string, string> = {};

  beforeAll(async () => {
    datasets = await mkdtemp(join(tmpdir(), 'sais-datasets-'));
    registry = await startRegistry();
    const push = (name: string, body: string) =>
      registry.push(`${name}:1`, script(body)).then((image) => (images[name] = image));
    probe = createServer((_request, response) => {
      probeHits++;
      response.end(answers);
    });
    await new Promise<void>((resolve) => probe.listen(0, '0.0.0.0', resolve));
    const port = (probe.address() as { port: number }).port;
    const probeBinary = join(datasets, '..', `sais-escape-probe-${process.pid}`);
    await promisify(execFile)('gcc', [
      '-static',
      '-O1',
      '-o',
      probeBinary,
      join(import.meta.dirname, 'fixtures', 'escape-probe.c'),
    ]);
    const escapeProbe = await readFile(probeBinary);
    await rm(probeBinary, { force: true });
    await Promise.all([
      registry
        .push('hostile:1', {
          '/app/probe': escapeProbe,
          '/app/run.sh': `#!/bin/sh\necho probing\n/app/probe && ${copyAnswers}`,
        })
        .then((image) => (images.hostile = image)),
      push(
        'bomb',
        `echo bombing
bomb() { bomb | bomb & }
bomb
sleep 3
echo still here
${copyAnswers}`,
      ),
      push(
        'flood',
        `echo flooding
i=0
while [ $i -lt 1000 ]; do head -c 900000 /dev/zero > /saisresult/part$i; i=$((i + 1)); done
echo flooded
${copyAnswers}`,
      ),
      push('good', `echo hello from the run\necho kernel $(uname -r)\nls /saisdata\n${copyAnswers}`),
      push(
        'network',
        `for host in 172.17.0.1 127.0.0.1 10.0.2.2; do
  if wget -q -T 2 -O /saisresult/result.csv http://$host:${port}/; then echo "reached $host"; fi
done
ip -o link | cut -d: -f2 | tr -d ' ' | tr '\\n' ' '; echo
[ -s /saisresult/result.csv ] || echo "network unreachable"
${copyAnswers}`,
      ),
      push(
        'escape',
        `for target in /app/hack /etc/hack /hack /saisdata/hack; do
  if echo x > $target 2>/dev/null; then echo "wrote $target"; else echo "cannot write $target"; fi
done
id -u
${copyAnswers}`,
      ),
      push('sleeper', 'echo sleeping\nsleep 60\n'),
      // One 200 MB buffer filled at once (dd's block), not a pipe's 64 KB at a time: past 48 MB in well
      // under a second even on a loaded host.
      push('hog', 'echo allocating\ndd if=/dev/zero of=/dev/null bs=200M count=1\necho survived\n'),
      push('empty', 'echo done without a result\n'),
    ]);
    harness = await scoringHarness({
      SCORING_DATASETS_DIR: datasets,
      // Every run here ends in a second or two alone, but beside the deployment test's containers a plain
      // copy took over 8 s under gVisor: 20 s tells the sleeper's limit from a slow host.
      SCORING_RUN_TIMEOUT_S: '20',
      SCORING_RUN_MEMORY_MB: '48',
      SCORING_RUNNER_LEASE_MS: '3000',
      SCORING_RUNNER_SLOTS: '3',
      SCORING_RUN_RESULT_MB: '4',
    });
    competitionId = await harness.competition(answers);
    await takeContainers(harness, competitionId, datasets, answers, undefined, [registry.address]);
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    await registry?.stop();
    probe?.close();
    await rm(datasets, { recursive: true, force: true });
  });

  const submit = (web: Web, body: Record<string, unknown>) =>
    web.post('/api/submission/container', { competitionId, ...body });
  const mine = async (web: Web, submissionId: string) =>
    ((await web.get('/api/submission/mine', { competitionId })).body.data as Row[]).find(
      (row) => row.submissionId === submissionId,
    )!;
  /** The row's log as a zh-CN reader gets it. */
  const inChinese = async (web: Web, submissionId: string) => {
    const response = await web.raw({
      method: 'GET',
      url: `/api/submission/mine?competitionId=${competitionId}`,
      headers: { 'accept-language': 'zh-CN' },
    });
    return (response.body.data as Row[]).find((row) => row.submissionId === submissionId)!.logText;
  };
  const finished = (web: Web, submissionId: string) =>
    waitFor(
      () => mine(web, submissionId),
      (row) => !['Waiting', 'Evaluating'].includes(row.status),
      'the run to finish',
    );
  const credentials = () => ({ username: registry.username, password: registry.password });

  /** Submits an image with the registry's login and waits for its verdict. */
  /** The base image run straight through a runner (no platform): its outcome and the states it went through. */
  async function runBase(runner: DockerRunner, submissionId: string, limits: RunLimits) {
    const states: string[] = [];
    const outcome = await runner.run({
      submissionId,
      attempt: 1,
      image: baseImage,
      credentials: null,
      pull: false,
      configPath: '/app/run.sh',
      dataDir: datasets,
      limits,
      signal: new AbortController().signal,
      onState: async (state) => void states.push(state),
      onPulled: async () => undefined,
    });
    return { outcome, states };
  }

  async function run(name: string) {
    const person = await harness.participant(competitionId);
    const response = await submit(person.web, { image: images[name], ...credentials() });
    expect(response.body).toMatchObject({ code: 0, data: { status: 'Waiting' } });
    return { person, row: await finished(person.web, response.body.data.submissionId) };
  }

  it('runs a good image, scores /saisresult/result.csv and puts the team on the leaderboard', async () => {
    const { person, row } = await run('good');
    expect(row).toMatchObject({ kind: 'container', status: 'Completed', score: 0, runState: null });
    expect(row.configPath).toBe('/app/run.sh');
    expect(row.log).toContain('hello from the run');
    // gVisor's own kernel answered (the host's is 6.x), so the run was in the sandbox, not on runc.
    expect(row.log).toContain('kernel 4.4.0');
    expect(row.log).toContain('answers.csv');
    expect(row.log).not.toContain(registry.password);
    const board = await harness.board(competitionId, (data) =>
      JSON.stringify(data).includes(person.username),
    );
    expect(JSON.stringify(board)).toContain(person.username);
    // The credentials are gone after the pull.
    const sealed = await harness.db
      .withSchema('scoring')
      .selectFrom('container_runs' as never)
      .select('credentials' as never)
      .where('submission_id' as never, '=', row.submissionId as never)
      .executeTakeFirst();
    expect(sealed).toEqual({ credentials: null });
  }, 60_000);

  it('fails with a clear reason when the registry refuses the credentials', async () => {
    const person = await harness.participant(competitionId);
    const wrong = await submit(person.web, {
      image: images.good,
      username: registry.username,
      password: 'wrong',
    });
    const row = await finished(person.web, wrong.body.data.submissionId);
    expect(row.status).toBe('Failed');
    expect(row.refusal).toEqual({ key: 'registryUnauthorized', params: { image: images.good } });
    expect(row.logText).toMatch(/refused the username and password .* \(unauthorized\)/);
    await expect(inChinese(person.web, row.submissionId)).resolves.toBe(
      `镜像仓库拒绝了 ${images.good} 的用户名和密码（未授权）；请检查后重新提交。`,
    );
    // The participant has the fixed sentence only; operators keep the engine's own words in the event.
    expect(row.logText).not.toContain('[engine:');
    const failed = (
      await harness.platform.stores.get('scoring')!.readStream(`submission-${row.submissionId}`)
    )
      .filter((event) => event.type === 'scoring.EvaluationFailed')
      .map((event) => (event.data as { reason: string }).reason);
    expect(failed).toHaveLength(1);
    // The event carries the participant's verdict as a key too (the inbox renders it per reader).
    const verdicts = (
      await harness.platform.stores.get('scoring')!.readStream(`submission-${row.submissionId}`)
    )
      .filter((event) => event.type === 'scoring.EvaluationFailed')
      .map((event) => (event.data as { verdict?: unknown }).verdict);
    expect(verdicts).toEqual([{ key: 'registryUnauthorized', params: { image: images.good } }]);
    expect(failed[0]).toMatch(/^The registry refused the username and password .* \[engine: [\s\S]+\]$/);
    expect(failed[0]).toMatch(
      /\[engine: [\s\S]*(unauthorized|authentication required|no basic auth|denied)/i,
    );
    const anonymous = await submit(person.web, { image: images.good });
    const privateRow = await finished(person.web, anonymous.body.data.submissionId);
    expect(privateRow.refusal?.key).toBe('imagePrivate');
    expect(privateRow.logText).toMatch(/is private/);
  }, 60_000);

  it('gives the run no network', async () => {
    const { row } = await run('network');
    expect(row.status).toBe('Completed');
    expect(row.log).toContain('network unreachable');
    expect(row.log).not.toContain('reached');
    expect(row.log).not.toMatch(/eth0/);
    expect(probeHits).toBe(0);
  }, 60_000);

  it('lets the run write nowhere but /saisresult, as a non-root user', async () => {
    const { row } = await run('escape');
    expect(row.status).toBe('Completed');
    for (const target of ['/app/hack', '/etc/hack', '/hack', '/saisdata/hack'])
      expect(row.log).toContain(`cannot write ${target}`);
    expect(row.log).not.toContain('wrote');
    expect(row.log).toContain('65534');
  }, 60_000);

  it('stops a run at its time limit (Failed with the reason)', async () => {
    const { person, row } = await run('sleeper');
    expect(row.status).toBe('Failed');
    expect(row.refusal).toEqual({ key: 'runTimeout', params: { seconds: 20 } });
    expect(row.log).toContain('sleeping');
    expect(row.logText).toBe('sleeping\n\nStopped after 20 s: the run reached its time limit.');
    await expect(inChinese(person.web, row.submissionId)).resolves.toBe(
      'sleeping\n\n运行 20 秒后被停止：已达到运行时间上限。',
    );
  }, 60_000);

  it('kills a run past its memory limit ("out of memory") and keeps serving', async () => {
    const { person, row } = await run('hog');
    expect(row, JSON.stringify(row)).toMatchObject({ status: 'Failed' });
    expect(row.refusal).toEqual({ key: 'runOutOfMemory', params: { limit: 48 } });
    expect(row.logText).toContain('out of memory (limit 48 MB)');
    // Under gVisor the memory cgroup kills the whole sandbox, the script with it.
    expect(row.log).toContain('allocating');
    expect(row.log).not.toContain('survived');
    await expect(inChinese(person.web, row.submissionId)).resolves.toContain(
      '运行被停止：内存不足（上限 48 MB）。',
    );
    expect((await person.web.get('/api/submission/remaining', { competitionId })).status).toBe(200);
  }, 60_000);

  it('keeps a hostile image inside gVisor: mounts, ptrace, raw sockets, /proc/sys, keyrings all fail', async () => {
    const before = await readdir(datasets);
    const dataset = await readFile(join(datasets, before[0]!), 'utf8');
    const { row } = await run('hostile');
    // The probe exits with its number of escapes and the script copies the answers only after a clean
    // probe: Completed (scored) means no attempt got through.
    expect(row.status).toBe('Completed');
    for (const attempt of [
      'mount a tmpfs over /saisdata',
      'remount /saisdata read-write',
      'mount proc',
      'ptrace attach to pid 1',
      'open a raw IP socket',
      'open a raw packet socket',
      'write /proc/sys/kernel/core_pattern',
      'write /proc/sys/kernel/hostname',
      'add a key to the session keyring',
      'join a new session keyring',
      'setuid 0',
      'open a dataset for writing from a user namespace',
      'send a raw packet to the host from a user namespace',
    ])
      expect(row.log).toContain(`blocked ${attempt} (`);
    expect(row.log).not.toContain('ESCAPED');
    // Nothing changed on the host's side of /saisdata.
    expect(await readdir(datasets)).toEqual(before);
    expect(await readFile(join(datasets, before[0]!), 'utf8')).toBe(dataset);
  }, 60_000);

  it('stops a fork bomb at its process limit and says so; the next runs go on; no run cgroup is left', async () => {
    // This project's machines (cgroup v1, the engine's cgroupfs driver, the runner on the engine's host)
    // let the runner read a run's process count (process-count.ts).
    expect(await processCount(new Docker())).not.toBeNull();
    const { person, row } = await run('bomb');
    expect(row.status).toBe('Failed');
    expect(row.log).toContain('bombing');
    expect(row.log).not.toContain('still here');
    expect(row.refusal).toEqual({ key: 'runTooManyProcesses', params: { limit: 256 } });
    expect(row.logText).toContain('it reached its limit of 256 processes and threads');
    await expect(inChinese(person.web, row.submissionId)).resolves.toContain('已达到 256 个进程和线程的上限');
    const good = (await run('good')).row;
    expect(good.status).toBe('Completed');
    // Each run's cgroup parent is removed after it, in every hierarchy.
    for (const hierarchy of ['pids', 'memory', 'cpu'])
      expect(
        (await readdir(join('/sys/fs/cgroup', hierarchy, 'sais-runs')).catch(() => [])).filter(
          (name) => name.includes(row.submissionId) || name.includes(good.submissionId),
        ),
      ).toEqual([]);
  }, 90_000);

  it('stops a run whose /saisresult outgrows its limit (Invalid, with the reason)', async () => {
    const { person, row } = await run('flood');
    expect(row.status).toBe('Invalid');
    expect(row.refusal).toEqual({ key: 'resultTooLarge', params: { limit: 4 } });
    expect(row.log).toContain('flooding');
    expect(row.log).not.toContain('flooded');
    expect(row.logText).toContain('/saisresult grew past its limit of 4 MB');
    await expect(inChinese(person.web, row.submissionId)).resolves.toContain(
      '/saisresult 超过了 4 MB 的上限',
    );
  }, 60_000);

  it('says why when the run script is not in the image (Invalid, both languages)', async () => {
    const person = await harness.participant(competitionId);
    const response = await submit(person.web, {
      image: images.good,
      configPath: '/app/not-here.sh',
      ...credentials(),
    });
    expect(response.body).toMatchObject({ code: 0, data: { status: 'Waiting' } });
    const row = await finished(person.web, response.body.data.submissionId);
    expect(row.status).toBe('Invalid');
    expect(row.refusal).toMatchObject({ key: 'runScriptMissing', params: { path: '/app/not-here.sh' } });
    expect(row.logText).toContain('The run script /app/not-here.sh was not found in the image');
    await expect(inChinese(person.web, row.submissionId)).resolves.toContain(
      '镜像中找不到运行脚本 /app/not-here.sh',
    );
  }, 60_000);

  it('refuses an image over the size or layer limit before running it, naming the limit', async () => {
    const settings = runnerSettings({}, datasets);
    const runner = new DockerRunner({ user: settings.user, runtime: settings.runtime });
    const attempt = (limits: Partial<typeof settings.limits>) =>
      runBase(runner, '00000000-0000-4000-8000-0000000000ab', { ...settings.limits, ...limits });
    const large = await attempt({ maxImageBytes: 1024 * 1024 });
    expect(large.outcome).toMatchObject({
      kind: 'failed',
      platformFault: false,
      verdict: { key: 'imageTooLarge', params: { limit: 1 } },
    });
    expect(large.states).toEqual([]); // never started
    const verdict = (large.outcome as { verdict: scoring.FileRefusal }).verdict;
    expect(scoring.fileRefusalText(verdict, 'en')).toMatch(/^The image is \d+ MB; the limit is 1 MB\.$/);
    expect(scoring.fileRefusalText(verdict, 'zh-CN')).toMatch(/^镜像大小为 \d+ MB，上限为 1 MB。$/);
    const layered = await attempt({ maxImageLayers: 0 });
    expect(layered.outcome).toMatchObject({
      kind: 'failed',
      platformFault: false,
      verdict: { key: 'imageTooManyLayers', params: { limit: 0 } },
    });
    expect(layered.states).toEqual([]);
  }, 60_000);

  it('refuses to run without the sandbox asked for (a platform fault: retried, then refunded)', async () => {
    const settings = runnerSettings({ SCORING_RUN_RUNTIME: 'sais-no-such-runtime' }, datasets);
    expect(settings.runtime).toBe('sais-no-such-runtime');
    const runner = new DockerRunner({ user: settings.user, runtime: settings.runtime });
    expect(await runner.hasRuntime()).toBe(false);
    expect(await new DockerRunner({ user: settings.user, runtime: 'runsc' }).hasRuntime()).toBe(true);
    const { outcome, states } = await runBase(
      runner,
      '00000000-0000-4000-8000-0000000000aa',
      settings.limits,
    );
    expect(outcome).toMatchObject({
      kind: 'failed',
      platformFault: true,
      verdict: { key: 'sandboxUnavailable', params: { runtime: 'sais-no-such-runtime' } },
    });
    expect(states).toEqual([]); // never started
    // And the runner said so at start-up, naming the runtime, the fix and the opt-out.
    const lines: [string, string][] = [];
    const logger = {
      info: (_: unknown, message: string) => void lines.push(['info', message]),
      warn: (_: unknown, message: string) => void lines.push(['warn', message]),
      error: (_: unknown, message: string) => void lines.push(['error', message]),
    };
    expect(await reportRuntime(runner, settings.runtime, logger as never)).toBe(false);
    expect(lines).toEqual([
      [
        'error',
        'the Docker Engine has no runtime sais-no-such-runtime (SCORING_RUN_RUNTIME): container runs are refused until it is registered (bash infra/scripts/ensure-docker.sh), or set SCORING_RUN_RUNTIME=runc to run without gVisor',
      ],
    ]);
    lines.length = 0;
    await reportRuntime(
      new DockerRunner({ user: settings.user, runtime: 'runsc' }),
      'runsc',
      logger as never,
    );
    expect(lines).toEqual([['info', 'container runs use runtime runsc']]);
  }, 60_000);

  it('marks a run without a result file Invalid', async () => {
    const { person, row } = await run('empty');
    expect(row.status).toBe('Invalid');
    expect(row.refusal).toEqual({ key: 'noResultFile', params: {} });
    expect(row.logText).toContain('no result file in /saisresult');
    await expect(inChinese(person.web, row.submissionId)).resolves.toContain(
      '运行已结束，但 /saisresult 中没有结果文件',
    );
  }, 60_000);

  it('refuses a second submission while the first runs, and stops the first once confirmed', async () => {
    const person = await harness.participant(competitionId);
    const first = await submit(person.web, { image: images.sleeper, ...credentials() });
    await waitFor(
      () => mine(person.web, first.body.data.submissionId),
      (row) => row.runState === 'running',
      'the first run to start',
    );
    const refused = await submit(person.web, { image: images.good, ...credentials() });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 40020,
      message:
        "Your team's previous code submission is still running. Submit again to stop it and start this one.",
    });
    const confirmed = await submit(person.web, { image: images.good, ...credentials(), confirmStop: true });
    expect(confirmed.body.code).toBe(0);
    const stopped = await mine(person.web, first.body.data.submissionId);
    expect(stopped).toMatchObject({ status: 'Failed' });
    expect(stopped.refusal).toEqual({ key: 'runSuperseded', params: {} });
    expect(stopped.logText).toMatch(/^Stopped: your team confirmed a newer code submission/);
    await expect(inChinese(person.web, stopped.submissionId)).resolves.toBe(
      '已停止：您的队伍在此提交等待或运行期间确认了一个新的代码提交。',
    );
    expect((await finished(person.web, confirmed.body.data.submissionId)).status).toBe('Completed');
    const events = await harness.platform.stores
      .get('scoring')!
      .readStream(`submission-${first.body.data.submissionId}`);
    expect(events.map((event) => event.type)).toContain('scoring.ContainerRunStopped');
  }, 60_000);

  it('checks the request and the competition’s submission kinds', async () => {
    const person = await harness.participant(competitionId);
    const codes = async (body: Record<string, unknown>) => (await submit(person.web, body)).body.code;
    expect(await codes({ image: 'Not An Image!' })).toBe(40022);
    expect(await codes({ image: images.good, password: 'x' })).toBe(40023);
    expect(await codes({ image: images.good, configPath: '/etc/passwd' })).toBe(40025);
    expect(await codes({ image: images.good, configPath: '/app/../etc/x' })).toBe(40025);
    const filesOnly = await harness.competition(answers);
    const other = await harness.participant(filesOnly);
    expect(
      (await other.web.post('/api/submission/container', { competitionId: filesOnly, image: images.good }))
        .body.code,
    ).toBe(40021);
  }, 60_000);

  it('takes the submission kinds from the operator’s competition settings (result files by default)', async () => {
    const operator = harness.operator.web;
    // No submissionKinds: the admin resource defaults it.
    const created = await operator.post('/api/admin/competitions', {
      title: { en: 'Kinds', 'zh-CN': '提交方式' },
      description: { en: 'Submission kinds', 'zh-CN': '提交方式' },
      type: 'Other',
      bonus: 0,
      season: '2027',
      sponsors: [],
      timeZone: 'UTC',
      teamSizeLimit: 2,
      teamFormingAttempts: 2,
      dailySubmissionLimit: 2,
      teamMergeDeadline: null,
      agreements: [],
      phases: [],
    });
    expect(created.body.data.submissionKinds).toEqual(['result-file']);
    const id = created.body.data.competitionId as string;
    const edited = await operator.raw({
      method: 'PUT',
      url: `/api/admin/competitions/${id}`,
      payload: { submissionKinds: ['container-image'] },
    });
    expect(edited.body.data.submissionKinds).toEqual(['container-image']);
    const person = await harness.participant(id);
    await waitFor(
      async () => {
        try {
          await harness.upload(person.web, id, answers);
          return '';
        } catch (error) {
          return String(error);
        }
      },
      (refusal) => refusal.includes('40021'),
      'the file route to refuse a containers-only competition',
    );
  }, 60_000);
});
