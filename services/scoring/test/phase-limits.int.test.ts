/**
 * Per-phase run limits and the reasons of failed runs (issue 36, decision 0044), on real Docker runs under
 * gVisor, as an operator sets them and a participant reads them through the API. The recorded limits and
 * their use by runs are tried on both modes: PostgreSQL + Kafka and the embedded default (PGlite, the
 * in-process bus); the causes of a failed run on the run's mode.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestRegistry, startRegistry } from '../../../infra/test/registry.ts';
import { takeContainers } from './containers-support.ts';
import { type Web, csv, scoringHarness, waitFor } from './support.ts';

const answers = csv((i) => i);
const copyAnswers = 'cp /saisdata/answers.csv /saisresult/result.csv\n';
const script = (body: string) => ({ '/app/run.sh': `#!/bin/sh\n${body}` });

interface Row {
  submissionId: string;
  status: string;
  log: string | null;
  refusal: { key: string; params: Record<string, string | number> } | null;
  logText: string | null;
}

type Harness = Awaited<ReturnType<typeof scoringHarness>>;

/** The environment of the runners in these tests: generous defaults, so a phase's tighter limits show. */
const runnerEnv = (datasets: string) => ({
  SCORING_DATASETS_DIR: datasets,
  SCORING_RUN_TIMEOUT_S: '40',
  SCORING_RUN_MEMORY_MB: '256',
  SCORING_RUN_RESULT_MB: '16',
  SCORING_RUN_MAX_TIMEOUT_S: '600',
  SCORING_RUN_MAX_MEMORY_MB: '512',
  SCORING_RUN_MAX_CPUS: '2',
  SCORING_RUN_MAX_RESULT_MB: '32',
  SCORING_RUNNER_LEASE_MS: '3000',
  SCORING_RUNNER_SLOTS: '2',
});

let registry: TestRegistry;
const images: Record<string, string> = {};

beforeAll(async () => {
  registry = await startRegistry();
  const push = (name: string, body: string) =>
    registry.push(`limits-${name}:1`, script(body)).then((image) => (images[name] = image));
  await Promise.all([
    push('sleeper', 'echo sleeping\nsleep 30\necho woke\n'),
    push('hog', 'echo allocating\nhead -c 400000000 /dev/zero | tail > /dev/null\necho survived\n'),
    push(
      'flood',
      `echo flooding
i=0
while [ $i -lt 100 ]; do head -c 500000 /dev/zero > /saisresult/part$i; i=$((i + 1)); done
echo flooded
${copyAnswers}`,
    ),
    push('good', `echo fine\n${copyAnswers}`),
  ]);
}, 120_000);

afterAll(async () => {
  await registry?.stop();
});

/** A competition taking container images from the test registry, its preliminary phase open. */
async function containerCompetition(harness: Harness, datasets: string) {
  const competitionId = await harness.competition(answers);
  await takeContainers(harness, competitionId, datasets, answers, undefined, [registry.address]);
  return competitionId;
}

const setLimits = (web: Web, competitionId: string, limits: Record<string, number>, language = 'en') =>
  web.raw({
    method: 'PUT',
    url: `/api/admin/competitions/${competitionId}/phases/preliminary/run-limits`,
    payload: limits,
    headers: { 'accept-language': language },
  });

/** Waits for scoring's mirror to hold the phase's limits (the runners read them there). */
const mirrored = (harness: Harness, competitionId: string, limits: Record<string, number>) =>
  waitFor(
    () =>
      sql<{ limits: unknown }>`select phases -> 'preliminary' -> 'runLimits' as limits
        from scoring.competitions where competition_id = ${competitionId}`.execute(harness.db),
    // jsonb keeps its own key order: compared field by field.
    (result) => {
      const got = result.rows[0]?.limits as Record<string, number> | null | undefined;
      return !!got && Object.entries(limits).every(([field, value]) => got[field] === value);
    },
    'the phase’s limits in scoring’s mirror',
  );

async function submitAndWait(harness: Harness, competitionId: string, web: Web, image: string) {
  const response = await web.post('/api/submission/container', {
    competitionId,
    image,
    username: registry.username,
    password: registry.password,
  });
  expect(response.body).toMatchObject({ code: 0, data: { status: 'Waiting' } });
  const submissionId = response.body.data.submissionId as string;
  return waitFor(
    async () =>
      ((await web.get('/api/submission/mine', { competitionId })).body.data as Row[]).find(
        (row) => row.submissionId === submissionId,
      )!,
    (row) => !['Waiting', 'Evaluating'].includes(row.status),
    'the run to finish',
  );
}

const logInChinese = async (web: Web, competitionId: string, submissionId: string) =>
  (
    (
      await web.raw({
        method: 'GET',
        url: `/api/submission/mine?competitionId=${competitionId}`,
        headers: { 'accept-language': 'zh-CN' },
      })
    ).body.data as Row[]
  ).find((row) => row.submissionId === submissionId)!.logText;

describe.each([
  ['PostgreSQL and Kafka', false],
  ['the embedded default (PGlite, in-process bus)', true],
])('per-phase run limits, on %s', (_mode, embedded) => {
  let harness: Harness;
  let datasets: string;
  let competitionId: string;

  beforeAll(async () => {
    datasets = await mkdtemp(join(tmpdir(), 'sais-limits-'));
    harness = await scoringHarness(runnerEnv(datasets), undefined, { embedded });
    competitionId = await containerCompetition(harness, datasets);
  }, 180_000);

  afterAll(async () => {
    await harness?.close();
    await rm(datasets, { recursive: true, force: true });
  });

  it('shows the environment’s defaults for a phase without limits of its own (older events)', async () => {
    const detail = await harness.anonymous.get('/api/race/detail', { competitionId });
    expect(detail.body.data.phases.preliminary.runLimits).toEqual({
      timeoutSeconds: 40,
      memoryMb: 256,
      cpus: 1,
      resultMb: 16,
      gpus: 0,
    });
  });

  it('refuses limits past the runners’ ceiling, below the minimums, GPUs, and a participant', async () => {
    const limits = { timeoutSeconds: 60, memoryMb: 128, cpus: 1, resultMb: 8, gpus: 0 };
    const above = await setLimits(harness.operator.web, competitionId, { ...limits, memoryMb: 4096 });
    expect(above.status).toBe(400);
    expect(above.body).toMatchObject({ code: 20070, data: { field: 'memoryMb', bound: 512 } });
    expect(above.body.message).toBe(
      'The run limit memoryMb can be at most 512: that is what the platform’s runner machines can give one run',
    );
    const zh = await setLimits(harness.operator.web, competitionId, { ...limits, cpus: 3 }, 'zh-CN');
    expect(zh.body).toMatchObject({ code: 20070, data: { field: 'cpus', bound: 2 } });
    expect(zh.body.message).toBe('运行限制 cpus 最多为 2：这是平台评测机能为一次运行提供的上限');
    const gpu = await setLimits(harness.operator.web, competitionId, { ...limits, gpus: 1 });
    expect(gpu.body).toMatchObject({ code: 20072, data: { field: 'gpus', max: 0 } });
    expect(gpu.body.message).toMatch(/^GPU runs are not available/);
    const gpuZh = await setLimits(harness.operator.web, competitionId, { ...limits, gpus: 2 }, 'zh-CN');
    expect(gpuZh.body.message).toMatch(/^GPU 运行不可用/);
    // The schema's minimums (a body that is not limits at all is refused before the rules).
    const below = await setLimits(harness.operator.web, competitionId, { ...limits, cpus: 0.05 });
    expect(below.status).toBe(400);
    const person = await harness.participant(competitionId);
    expect((await setLimits(person.web, competitionId, limits)).status).toBe(403);
    // Nothing was recorded: the defaults still hold.
    const detail = await harness.anonymous.get('/api/race/detail', { competitionId });
    expect(detail.body.data.phases.preliminary.runLimits.timeoutSeconds).toBe(40);
  });

  it('records the operator’s limits, shows them to participants, and runs the phase’s runs with them', async () => {
    const limits = { timeoutSeconds: 3, memoryMb: 200, cpus: 0.5, resultMb: 8, gpus: 0 };
    const set = await setLimits(harness.operator.web, competitionId, limits);
    expect(set.body).toMatchObject({ code: 0, data: { phases: { preliminary: { runLimits: limits } } } });
    const events = await harness.platform.stores
      .get('competition')!
      .readStream(`competition-${competitionId}`);
    expect(
      events.filter((event) => event.type === 'competition.PhaseRunLimitsSet').map((e) => e.data),
    ).toEqual([{ competitionId, phase: 'preliminary', limits }]);
    // The same limits again record nothing.
    await setLimits(harness.operator.web, competitionId, limits);
    expect(
      (await harness.platform.stores.get('competition')!.readStream(`competition-${competitionId}`)).length,
    ).toBe(events.length);
    const person = await harness.participant(competitionId);
    const detail = await person.web.get('/api/race/detail', { competitionId });
    expect(detail.body.data.phases.preliminary.runLimits).toEqual(limits);
    await mirrored(harness, competitionId, limits);
    // The environment gives 40 s; the phase 3 s.
    const row = await submitAndWait(harness, competitionId, person.web, images.sleeper!);
    expect(row.status).toBe('Failed');
    expect(row.refusal).toEqual({ key: 'runTimeout', params: { seconds: 3 } });
    expect(row.log).toContain('sleeping');
    expect(row.log).not.toContain('woke');
    expect(row.logText).toContain('Stopped after 3 s: the run reached its time limit.');
    await expect(logInChinese(person.web, competitionId, row.submissionId)).resolves.toContain(
      '运行 3 秒后被停止：已达到运行时间上限。',
    );
  }, 120_000);
});

describe('why a container run failed, as the participant reads it (API, both languages)', () => {
  let harness: Harness;
  let datasets: string;
  let competitionId: string;

  beforeAll(async () => {
    datasets = await mkdtemp(join(tmpdir(), 'sais-limits-'));
    harness = await scoringHarness(runnerEnv(datasets));
    competitionId = await containerCompetition(harness, datasets);
    const limits = { timeoutSeconds: 30, memoryMb: 48, cpus: 1, resultMb: 1, gpus: 0 };
    expect((await setLimits(harness.operator.web, competitionId, limits)).body.code).toBe(0);
    await mirrored(harness, competitionId, limits);
  }, 180_000);

  afterAll(async () => {
    await harness?.close();
    await rm(datasets, { recursive: true, force: true });
  });

  it('memory: the phase’s 48 MB, not the environment’s 256', async () => {
    const person = await harness.participant(competitionId);
    const row = await submitAndWait(harness, competitionId, person.web, images.hog!);
    expect(row.status).toBe('Failed');
    expect(row.refusal).toEqual({ key: 'runOutOfMemory', params: { limit: 48 } });
    expect(row.log).not.toContain('survived');
    await expect(logInChinese(person.web, competitionId, row.submissionId)).resolves.toContain(
      '运行被停止：内存不足（上限 48 MB）。',
    );
  }, 90_000);

  it('result size: the phase’s 1 MB, not the environment’s 16', async () => {
    const person = await harness.participant(competitionId);
    const row = await submitAndWait(harness, competitionId, person.web, images.flood!);
    expect(row.status).toBe('Invalid');
    expect(row.refusal).toEqual({ key: 'resultTooLarge', params: { limit: 1 } });
    expect(row.log).not.toContain('flooded');
    expect(row.logText).toContain('/saisresult grew past its limit of 1 MB');
  }, 90_000);

  it('a missing image: not found, without the engine’s words', async () => {
    const person = await harness.participant(competitionId);
    const image = `${registry.address}/limits-nothing-here:1`;
    const row = await submitAndWait(harness, competitionId, person.web, image);
    expect(row.status).toBe('Failed');
    expect(row.refusal).toEqual({ key: 'imageNotFound', params: { image } });
    expect(row.logText).toBe(`The image ${image} was not found in its registry.`);
    await expect(logInChinese(person.web, competitionId, row.submissionId)).resolves.toBe(
      `在镜像仓库中找不到镜像 ${image}。`,
    );
    // The operators' event keeps the engine's words; the participant's answer has none.
    const reasons = (
      await harness.platform.stores.get('scoring')!.readStream(`submission-${row.submissionId}`)
    )
      .filter((event) => event.type === 'scoring.EvaluationFailed')
      .map((event) => (event.data as { reason: string }).reason);
    expect(reasons[0]).toContain('[engine:');
    expect(JSON.stringify(row)).not.toContain('[engine:');
  }, 90_000);
});

describe('a runtime the engine does not have, through the API (a platform fault: retried, refunded, said so)', () => {
  let harness: Harness;
  let datasets: string;
  let competitionId: string;

  beforeAll(async () => {
    datasets = await mkdtemp(join(tmpdir(), 'sais-limits-'));
    harness = await scoringHarness({
      ...runnerEnv(datasets),
      SCORING_RUN_RUNTIME: 'sais-stopped-runtime',
      SCORING_RUNNER_MAX_ATTEMPTS: '2',
    });
    competitionId = await containerCompetition(harness, datasets);
  }, 180_000);

  afterAll(async () => {
    await harness?.close();
    await rm(datasets, { recursive: true, force: true });
  });

  it('tells the participant the sandbox was unavailable, retried and refunded, without naming it', async () => {
    const person = await harness.participant(competitionId);
    const remaining = async () =>
      (await person.web.get('/api/submission/remaining', { competitionId })).body.data.remaining as number;
    const before = await remaining();
    const row = await submitAndWait(harness, competitionId, person.web, images.good!);
    expect(row.status).toBe('Failed');
    expect(row.refusal).toEqual({ key: 'sandboxUnavailable', params: { runtime: 'sais-stopped-runtime' } });
    expect(row.logText).toMatch(/sandbox was not available.*retried automatically.*does not count/);
    expect(row.logText).not.toContain('sais-stopped-runtime');
    const zh = await logInChinese(person.web, competitionId, row.submissionId);
    expect(zh).toContain('平台的沙箱不可用');
    expect(zh).toContain('已自动重试');
    expect(zh).not.toContain('sais-stopped-runtime');
    // Tried twice (two EvaluationFailed), then Failed and refunded.
    const failed = (
      await harness.platform.stores.get('scoring')!.readStream(`submission-${row.submissionId}`)
    )
      .filter((event) => event.type === 'scoring.EvaluationFailed')
      .map((event) => event.data as { final: boolean; reason: string });
    expect(failed.map((event) => event.final)).toEqual([false, true]);
    expect(failed[1]!.reason).toContain('sais-stopped-runtime');
    await waitFor(remaining, (value) => value === before, 'the refund');
  }, 120_000);
});
