// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envelope, useRecordingApi } from '../../../test/support/recordingApi';
import { initI18n } from '../../app/i18n';
import { type Notice, notices } from '../../notices/notices';
import type { CompetitionDetail } from '../competitions/types';
import { ContainerSubmissions } from './CodeSubmissionsPage';
import { containerProblems } from './containerForm';
import { createScoringApi } from './scoringApi';

const competitionId = '7c1f0a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
const competition = (submissionKinds: string[]) =>
  ({ competitionId, timeZone: 'Asia/Shanghai', submissionKinds }) as CompetitionDetail;
const remaining = { limit: 3, used: 0, remaining: 3, day: '2027-03-25', timeZone: 'Asia/Shanghai' };
const accepted = envelope(0, 'Submit success', { submissionId: 's-9', status: 'Waiting', remaining: 2 });
const stillRunning = 'The previous image of your team is still running; submitting stops it.';

describe('the code submissions tab', () => {
  const harness = useRecordingApi(createScoringApi);
  const success: Notice[] = [];
  let unsubscribe: () => void;
  beforeAll(async () => {
    await initI18n();
    unsubscribe = notices.subscribe((notice) => notice.severity === 'success' && success.push(notice));
  });
  afterAll(() => unsubscribe());
  beforeEach(() => {
    success.length = 0;
    harness.server.answer('/api/submission/remaining', envelope(0, 'ok', remaining));
    harness.server.answer('/api/submission/mine', envelope(0, 'ok', []));
  });
  afterEach(cleanup);

  const containerCalls = () => harness.server.requests.filter((r) => r.path === '/api/submission/container');
  const fill = (label: RegExp | string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const show = async () => {
    render(
      <ContainerSubmissions
        competition={competition(['result-file', 'container-image'])}
        api={harness.api}
      />,
    );
    await screen.findByTestId('remaining');
  };

  it('checks the image path and that username and password come together', () => {
    const values = { image: '', username: '', password: '', configPath: '' };
    expect(containerProblems(values)).toEqual({ image: 'imageRequired' });
    expect(containerProblems({ ...values, image: 'Team/Model:v1' })).toEqual({ image: 'imageFormat' });
    expect(containerProblems({ ...values, image: 'registry.example.org:5000/team/model:v1' })).toEqual({});
    expect(containerProblems({ ...values, image: 'python:3.12-slim', username: 'ada' })).toEqual({
      password: 'credentialsPair',
    });
    expect(containerProblems({ ...values, image: 'python', password: 'secret' })).toEqual({
      username: 'credentialsPair',
    });
  });

  it('shows the form’s messages and sends nothing while it is invalid', async () => {
    await show();
    fireEvent.click(screen.getByRole('button', { name: '提交镜像' }));
    await screen.findByText('请输入镜像地址');
    fill(/镜像地址/, 'python:3.12');
    fill('镜像仓库用户名', 'ada');
    fireEvent.click(screen.getByRole('button', { name: '提交镜像' }));
    await screen.findByText('请同时填写用户名和密码；公开镜像两者都不填');
    expect(containerCalls()).toEqual([]);
  });

  it('submits a public image without username and password', async () => {
    harness.server.answer('/api/submission/container', accepted);
    await show();
    fill(/镜像地址/, 'python:3.12-slim');
    fill('配置文件路径', '/app/config.yaml');
    fireEvent.click(screen.getByRole('button', { name: '提交镜像' }));
    await waitFor(() => expect(success).toEqual([{ severity: 'success', message: '提交成功' }]));
    expect(containerCalls().map((r) => JSON.parse(r.body))).toEqual([
      { competitionId, image: 'python:3.12-slim', configPath: '/app/config.yaml' },
    ]);
    await waitFor(() => expect((screen.getByLabelText(/镜像地址/) as HTMLInputElement).value).toBe(''));
  });

  it('asks before stopping the running image (40020), then sends again with confirmStop', async () => {
    harness.server.answer('/api/submission/container', { status: 409, ...envelope(40020, stillRunning) });
    await show();
    fill(/镜像地址/, 'registry.example.org/team/model:v2');
    fill('镜像仓库用户名', 'ada');
    fill('镜像仓库密码', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: '提交镜像' }));

    const dialog = await screen.findByRole('dialog', { name: '停止正在运行的提交？' });
    expect(within(dialog).getByText(stillRunning)).toBeTruthy();
    expect(harness.shown).toEqual([]);
    expect(success).toEqual([]);

    harness.server.answer('/api/submission/container', accepted);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(success).toEqual([{ severity: 'success', message: '提交成功' }]));
    const sent = {
      competitionId,
      image: 'registry.example.org/team/model:v2',
      username: 'ada',
      password: 'secret123',
    };
    expect(containerCalls().map((r) => JSON.parse(r.body))).toEqual([sent, { ...sent, confirmStop: true }]);
    expect(harness.shown).toEqual([]);
  });

  it('sends nothing more when the stop is not confirmed', async () => {
    harness.server.answer('/api/submission/container', { status: 409, ...envelope(40020, stillRunning) });
    await show();
    fill(/镜像地址/, 'python:3.12');
    fireEvent.click(screen.getByRole('button', { name: '提交镜像' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(containerCalls()).toHaveLength(1);
  });

  it('shows any other refusal as an error notice', async () => {
    harness.server.answer('/api/submission/container', { status: 429, ...envelope(40004, 'Used up today') });
    await show();
    fill(/镜像地址/, 'python:3.12');
    fireEvent.click(screen.getByRole('button', { name: '提交镜像' }));
    await waitFor(() => expect(harness.shown).toEqual([{ severity: 'error', message: 'Used up today' }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists only the container submissions, with run state and log', async () => {
    harness.server.answer(
      '/api/submission/mine',
      envelope(0, 'ok', [
        {
          submissionId: 's-1',
          kind: 'container',
          phase: 'preliminary',
          image: 'python:3.12',
          configPath: '/app/config.yaml',
          status: 'Evaluating',
          runState: 'running',
          score: null,
          log: 'epoch 1/3',
          submittedAt: '2027-03-25T02:00:00.000Z',
        },
        {
          submissionId: 's-2',
          kind: 'file',
          phase: 'preliminary',
          fileName: 'result.csv',
          status: 'Completed',
          score: 0.5,
          log: null,
          submittedAt: '2027-03-25T01:00:00.000Z',
        },
      ]),
    );
    await show();
    const rows = await screen.findAllByTestId('container-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByTestId('run-state').textContent).toBe('运行中');
    expect(within(rows[0]!).getByTestId('submission-status').textContent).toBe('评测中');
    expect(within(rows[0]!).getByTestId('container-log').textContent).toBe('epoch 1/3');
    expect(screen.queryByText('result.csv')).toBeNull();
  });

  it('says why the log of a run on hidden data is not shown, with its verdict (decision 0032)', async () => {
    harness.server.answer(
      '/api/submission/mine',
      envelope(0, 'ok', [
        {
          submissionId: 's-h',
          kind: 'container',
          phase: 'preliminary',
          image: 'python:3.12',
          configPath: '/app/run.sh',
          status: 'Invalid',
          runState: null,
          score: null,
          log: null,
          logWithheld: true,
          refusal: { key: 'headerMismatch', params: { line: 1, expected: 'id,yield', found: '…' } },
          submittedAt: '2027-03-25T02:00:00.000Z',
        },
      ]),
    );
    await show();
    const rows = await screen.findAllByTestId('container-row');
    const log = within(rows[0]!).getByTestId('container-log').textContent;
    expect(log).toContain('此次运行的日志不予显示：运行时 /saisdata 中挂载了本比赛的隐藏数据。');
    expect(log).toContain('第 1 行：表头必须是“id,yield”，实际为“…”。');
  });

  it('shows a waiting run’s place in the fair queue and its estimate', async () => {
    harness.server.answer(
      '/api/submission/mine',
      envelope(0, 'ok', [
        {
          submissionId: 's-3',
          kind: 'container',
          phase: 'preliminary',
          image: 'python:3.12',
          configPath: '/app/run.sh',
          status: 'Waiting',
          runState: null,
          score: null,
          log: null,
          submittedAt: '2027-03-25T02:00:00.000Z',
          queue: {
            place: 3,
            ahead: 2,
            estimatedStart: '2027-03-25T02:10:00.000Z',
            estimatedFinish: '2027-03-25T02:12:00.000Z',
            basedOn: 20,
          },
        },
      ]),
    );
    await show();
    const [row] = await screen.findAllByTestId('container-row');
    expect(within(row!).getByTestId('queue-place').textContent).toContain('3');
    // Asia/Shanghai: 10:10 and 10:12.
    expect(within(row!).getByTestId('queue-estimate').textContent).toMatch(/10:10.*10:12/);
  });

  it('says so when the competition takes no container images', () => {
    render(<ContainerSubmissions competition={competition(['result-file'])} api={harness.api} />);
    expect(screen.getByTestId('container-not-offered').textContent).toBe(
      '本比赛只接受结果文件，不接受容器镜像提交。',
    );
  });

  it('offers a smoke run when the competition has a smoke split, and marks it with its log (decision 0049)', async () => {
    harness.server.answer(
      '/api/submission/remaining',
      envelope(0, 'ok', {
        ...remaining,
        smokeRuns: { available: true, file: 'smoke.csv', limit: 3, used: 1, remaining: 2 },
      }),
    );
    harness.server.answer(
      '/api/submission/container',
      envelope(0, 'Submit success', { submissionId: 's-s', status: 'Waiting', remaining: 1, smoke: true }),
    );
    harness.server.answer(
      '/api/submission/mine',
      envelope(0, 'ok', [
        {
          submissionId: 's-s',
          kind: 'container',
          phase: 'preliminary',
          image: 'python:3.12',
          configPath: '/app/run.sh',
          status: 'Completed',
          runState: null,
          score: null,
          log: 'SMOKE-START\nls /saisdata\nsmoke.csv\nSMOKE-END',
          logWithheld: false,
          smoke: true,
          submittedAt: '2027-03-25T02:00:00.000Z',
        },
      ]),
    );
    await show();
    expect(screen.getByTestId('smoke-runs').textContent).toBe(
      '试运行：今日还可 2 次，共 3 次，数据集 smoke.csv。试运行不占用提交次数，显示完整日志，只检查结果文件格式，不评分、不参与排名。',
    );
    fill(/镜像地址/, 'python:3.12');
    fireEvent.click(screen.getByRole('button', { name: '试运行' }));
    await waitFor(() => expect(success).toEqual([{ severity: 'success', message: '提交成功' }]));
    expect(containerCalls().map((r) => JSON.parse(r.body))).toEqual([
      { competitionId, image: 'python:3.12', smoke: true },
    ]);
    const rows = await screen.findAllByTestId('container-row');
    expect(within(rows[0]!).getByTestId('smoke-chip').textContent).toBe('试运行');
    expect(within(rows[0]!).getByTestId('submission-score').textContent).toBe('不评分');
    expect(within(rows[0]!).getByTestId('container-log').textContent).toContain('SMOKE-END');
  });

  it('offers no smoke run without a smoke split, and none past the day’s cap', async () => {
    await show();
    expect(screen.queryByTestId('smoke-submit')).toBeNull();
    cleanup();
    harness.server.answer(
      '/api/submission/remaining',
      envelope(0, 'ok', {
        ...remaining,
        smokeRuns: { available: true, file: 'smoke.csv', limit: 2, used: 2, remaining: 0 },
      }),
    );
    await show();
    expect((screen.getByTestId('smoke-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
