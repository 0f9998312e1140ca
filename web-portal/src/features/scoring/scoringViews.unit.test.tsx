// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../app/i18n';
import { LeaderboardTable } from './LeaderboardTable';
import { zoneName } from '../../forms/timeZones';
import { scoreHistory } from './scoreHistory';
import { SubmissionTable } from './SubmissionTable';
import type { Remaining, Submission } from './types';
import { UploadPanel } from './UploadPanel';
import { isPending, useRefreshWhile } from './useRefreshWhile';

const submission = (status: Submission['status'], score: number | null, log: string | null): Submission => ({
  submissionId: `s-${status}`,
  kind: 'file',
  phase: 'preliminary',
  fileName: `${status}.csv`,
  status,
  score,
  scoreHidden: null,
  privateScore: null,
  log,
  refusal: null,
  logText: null,
  submittedAt: '2026-11-22T06:03:00.000Z',
  description: null,
  queue: null,
});

const remaining: Remaining = {
  limit: 3,
  used: 1,
  remaining: 2,
  day: '2026-11-22',
  timeZone: 'Asia/Shanghai',
  refundsFailed: true,
  columns: null,
  formatRefusals: { limit: 10, used: 0, remaining: 10 },
};

describe('the scoring views', () => {
  beforeAll(() => initI18n());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('lists submissions with translated status chips, score, log and a download', () => {
    const onDownload = vi.fn();
    render(
      <SubmissionTable
        submissions={[
          submission('Completed', 0.123456789, null),
          submission('Invalid', null, 'row 3: id missing'),
        ]}
        busy={null}
        onDownload={onDownload}
      />,
    );
    expect(screen.getAllByTestId('submission-status').map((chip) => chip.textContent)).toEqual([
      '评测完成',
      '无效',
    ]);
    expect(screen.getAllByTestId('submission-score').map((cell) => cell.textContent)).toEqual([
      '0.123457',
      '-',
    ]);
    expect(screen.getByText('row 3: id missing')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下载 Completed.csv' }));
    expect(onDownload).toHaveBeenCalledWith(expect.objectContaining({ submissionId: 's-Completed' }));
  });

  it('shows the scorer’s refusal in the reader’s language, again at once after a switch; an older log as it is', async () => {
    const refused: Submission = {
      ...submission('Invalid', null, null),
      refusal: { key: 'notANumber', params: { line: 6, column: 'yield', value: 'abc' } },
    };
    const older = {
      ...submission('Invalid', null, 'Line 2: expected 2 columns (id,yield).'),
      submissionId: 'old',
    };
    render(<SubmissionTable submissions={[refused, older]} busy={null} onDownload={vi.fn()} />);
    expect(screen.getByRole('columnheader', { name: '未通过评分的原因' })).toBeTruthy();
    const logs = () => screen.getAllByTestId('submission-log').map((cell) => cell.textContent);
    expect(logs()).toEqual(['第 6 行 yield 列：“abc”不是数值。', 'Line 2: expected 2 columns (id,yield).']);
    await act(() => changeLanguage('en'));
    expect(logs()).toEqual([
      'Line 6, column yield: "abc" is not a number.',
      'Line 2: expected 2 columns (id,yield).',
    ]);
    await act(() => changeLanguage('zh-CN'));
  });

  it('shows each submission’s message beside its file, and nothing for one without (issue 22)', async () => {
    render(
      <SubmissionTable
        submissions={[
          { ...submission('Completed', 0.5, null), description: '第二版：加了天气特征' },
          { ...submission('Waiting', null, null), description: null },
        ]}
        busy={null}
        onDownload={vi.fn()}
      />,
    );
    expect(screen.getByRole('columnheader', { name: '说明' })).toBeTruthy();
    // No file was refused: no column of empty notes (issue 35).
    expect(screen.queryByTestId('submission-log')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '未通过评分的原因' })).toBeNull();
    expect(screen.getAllByTestId('submission-description').map((cell) => cell.textContent)).toEqual([
      '第二版：加了天气特征',
      '',
    ]);
    await act(() => changeLanguage('en'));
    expect(screen.getByRole('columnheader', { name: 'Message' })).toBeTruthy();
    await act(() => changeLanguage('zh-CN'));
  });

  it('sends the upload panel’s message, trimmed, with the file, then clears it', async () => {
    const onUpload = vi.fn(async () => undefined);
    const { container } = render(<UploadPanel remaining={remaining} busy={false} onUpload={onUpload} />);
    const message = screen.getByTestId('submission-message') as HTMLInputElement;
    expect(message.maxLength).toBe(500);
    fireEvent.change(message, { target: { value: '  换了模型  ' } });
    expect(screen.getByText('8/500 个字符')).toBeTruthy();
    const csv = new File(['id,yield\n'], 'result.csv', { type: 'text/csv' });
    fireEvent.change(container.querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [csv] },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '提交' })));
    expect(onUpload).toHaveBeenCalledWith(csv, expect.any(Function), '换了模型');
    expect(message.value).toBe('');
  });

  it('says so when there are no submissions', () => {
    render(<SubmissionTable submissions={[]} busy={null} onDownload={() => undefined} />);
    expect(screen.getByTestId('no-submissions').textContent).toBe('还没有提交。');
  });

  it('shows the allowance and rules, refuses a non-CSV and submits a CSV', async () => {
    const onUpload = vi.fn(async () => undefined);
    const { container } = render(<UploadPanel remaining={remaining} busy={false} onUpload={onUpload} />);
    expect(screen.getByTestId('remaining').textContent).toBe('今日剩余提交次数：2 / 3');
    // The reset's zone in words, never its raw id (issue 21).
    expect(screen.getByTestId('upload-rules').textContent).toContain('按比赛时区（北京时间）零点重置');
    expect(screen.getByTestId('upload-rules').textContent).not.toContain('Asia/Shanghai');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const submit = () => screen.getByRole('button', { name: '提交' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.png')] } });
    expect(screen.getByText('请选择 CSV 文件。')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    const csv = new File(['id,yield\n'], 'result.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [csv] } });
    expect(screen.getByTestId('chosen-file').textContent).toBe('result.csv');
    await act(async () => void fireEvent.click(submit()));
    expect(onUpload).toHaveBeenCalledWith(csv, expect.any(Function));
    expect(screen.getByTestId('chosen-file').textContent).toBe('未选择文件');
  });

  it('stops offering to submit when today’s allowance is used', () => {
    render(
      <UploadPanel remaining={{ ...remaining, used: 3, remaining: 0 }} busy={false} onUpload={vi.fn()} />,
    );
    expect(screen.getByTestId('limit-reached')).toBeTruthy();
  });

  it('shows leaderboard rows of spec §3', () => {
    render(
      <LeaderboardTable
        rows={[
          {
            rank: 1,
            teamId: 't-1',
            teamName: 'Owls',
            participants: ['ada123', 'bob456'],
            organization: '复旦大学',
            score: 0.5,
            metric: 'rmse',
            submittedAt: '2026-11-22T06:03:00.000Z',
            entries: 7,
            lastEntryAt: '2026-11-23T06:03:00.000Z',
          },
        ]}
      />,
    );
    const row = screen.getByTestId('leaderboard-row');
    expect(row.textContent).toContain('Owls');
    expect(row.textContent).toContain('ada123、bob456');
    expect(row.textContent).toContain('复旦大学');
    expect(row.textContent).toContain('0.5');
  });

  it('shows baselines in their place, marked, with no rank, in both languages', async () => {
    const team = (rank: number, score: number) => ({
      rank,
      teamId: `t-${rank}`,
      teamName: `Team ${rank}`,
      participants: [`p${rank}`],
      organization: null,
      score,
      metric: 'rmse',
      submittedAt: '2026-11-22T06:03:00.000Z',
      entries: 1,
      lastEntryAt: '2026-11-22T06:03:00.000Z',
    });
    const baseline = {
      baseline: true as const,
      baselineId: 'b-1',
      name: 'Mean',
      description: '预测训练集均值',
      score: 1.5,
      metric: 'rmse',
      addedAt: '2026-11-22T06:03:00.000Z',
      teamsAhead: 1,
    };
    const view = render(<LeaderboardTable rows={[team(1, 1), team(2, 2)]} baselines={[baseline]} />);
    const rows = [...view.container.querySelectorAll('tbody tr')];
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual([
      'leaderboard-row',
      'leaderboard-baseline',
      'leaderboard-row',
    ]);
    expect(screen.getByTestId('leaderboard-baseline-mark').textContent).toBe('基线');
    expect(screen.getByTestId('leaderboard-baseline-description').textContent).toBe('预测训练集均值');
    // The teams keep their ranks: 1 and 2, the baseline none.
    expect(rows[0]!.firstElementChild!.textContent).toBe('1');
    expect(rows[2]!.firstElementChild!.textContent).toBe('2');
    await act(async () => void (await changeLanguage('en')));
    expect(screen.getByTestId('leaderboard-baseline-mark').textContent).toBe('Baseline');
    await act(async () => void (await changeLanguage('zh-CN')));
  });

  it('shows a baseline’s secondary scores in the board’s metric columns (decision 0046), "-" where it has none', () => {
    const team = {
      rank: 1,
      teamId: 't-1',
      teamName: 'Team 1',
      participants: ['p1'],
      organization: null,
      score: 1,
      scores: { mae: 0.5 },
      metric: 'rmse',
      submittedAt: '2026-11-22T06:03:00.000Z',
      entries: 1,
      lastEntryAt: '2026-11-22T06:03:00.000Z',
    };
    const baseline = (name: string, scores?: Record<string, number>) => ({
      baseline: true as const,
      baselineId: `b-${name}`,
      name,
      description: '',
      score: 1.5,
      ...(scores ? { scores } : {}),
      metric: 'rmse',
      addedAt: '2026-11-22T06:03:00.000Z',
      teamsAhead: 1,
    });
    render(
      <LeaderboardTable
        rows={[team]}
        baselines={[baseline('Mean', { mae: 1.25 }), baseline('Old')]}
        columns={['mae']}
      />,
    );
    expect(screen.getAllByTestId('leaderboard-baseline-secondary').map((cell) => cell.textContent)).toEqual([
      '1.25',
      '-',
    ]);
  });

  it('keeps the best score so far in the metric’s direction', () => {
    const history = [
      { score: 0.5, submittedAt: '2026-11-22T06:03:00.000Z' },
      { score: 0.2, submittedAt: '2026-11-21T06:03:00.000Z' },
      { score: 0.4, submittedAt: '2026-11-23T06:03:00.000Z' },
    ];
    expect(scoreHistory(history, true).map((point) => [point.score, point.best])).toEqual([
      [0.2, 0.2],
      [0.5, 0.5],
      [0.4, 0.5],
    ]);
    expect(scoreHistory(history, false).map((point) => point.best)).toEqual([0.2, 0.2, 0.2]);
  });

  it('names time zones in words in the reader’s language', () => {
    expect(zoneName('Asia/Shanghai', 'zh-CN')).toBe('北京时间');
    expect(zoneName('Asia/Shanghai', 'en')).toBe('China Standard Time');
    expect(zoneName('Europe/Paris', 'en')).toBe('Central European Time');
    expect(zoneName('No/Such_Zone', 'en')).toBe('No/Such_Zone');
  });

  it('refreshes while a submission waits or is evaluated, and stops after', () => {
    expect(isPending([{ status: 'Completed' }, { status: 'Waiting' }])).toBe(true);
    expect(isPending([{ status: 'Evaluating' }])).toBe(true);
    expect(isPending([{ status: 'Completed' }, { status: 'Failed' }, { status: 'Invalid' }])).toBe(false);
    vi.useFakeTimers();
    const refresh = vi.fn();
    const { rerender, unmount } = renderHook(({ active }) => useRefreshWhile(active, refresh, 1000), {
      initialProps: { active: true },
    });
    vi.advanceTimersByTime(2500);
    expect(refresh).toHaveBeenCalledTimes(2);
    rerender({ active: false });
    vi.advanceTimersByTime(5000);
    expect(refresh).toHaveBeenCalledTimes(2);
    unmount();
  });
});
