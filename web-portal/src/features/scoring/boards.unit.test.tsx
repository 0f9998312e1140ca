// @vitest-environment jsdom
import { boardOrderText, sealCanonicalForm, sealDigest } from '@sais/events';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envelope, useRecordingApi } from '../../../test/support/recordingApi';
import { initI18n } from '../../app/i18n';
import type { CompetitionDetail } from '../competitions/types';
import { FinalSelections } from './FinalSelections';
import { Leaderboards } from './LeaderboardPage';
import { createScoringApi } from './scoringApi';
import type { LeaderboardRow, Submission } from './types';

const competitionId = '7c1f0a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
const competition = { competitionId, timeZone: 'Asia/Shanghai' } as CompetitionDetail;
const row = (rank: number, teamId: string, score: number): LeaderboardRow => ({
  rank,
  teamId,
  teamName: teamId,
  participants: [teamId],
  organization: null,
  score,
  metric: 'rmse',
  submittedAt: '2027-03-25T02:00:00.000Z',
  entries: rank + 2,
  lastEntryAt: '2027-03-26T02:00:00.000Z',
});
const rows = [row(1, 'larks', 0.25), row(2, 'owls', 0.5)];
const board = (extra: object = {}) =>
  envelope(0, 'ok', {
    phase: 'preliminary',
    total: 2,
    page: 1,
    pageSize: 20,
    records: rows,
    order: { steps: ['score', 'submittedAt', 'teamId'], higherIsBetter: false },
    ...extra,
  });

describe('the leaderboards', () => {
  const harness = useRecordingApi(createScoringApi);
  beforeAll(() => initI18n());
  afterEach(cleanup);

  it('says the private board is not published yet, without an error notice', async () => {
    harness.server.answer('/api/leaderboard/public', board({ seal: null }));
    harness.server.answer('/api/leaderboard/private', {
      status: 403,
      ...envelope(40009, 'The private leaderboard is not published yet'),
    });
    render(<Leaderboards competition={competition} api={harness.api} />);
    await waitFor(() => expect(screen.getAllByTestId('leaderboard-row')).toHaveLength(2));
    expect(screen.getByTestId('seal-none')).toBeTruthy();
    fireEvent.click(screen.getByTestId('board-private'));
    // The private board's answer may arrive after the click.
    expect((await screen.findByTestId('private-hidden')).textContent).toBe(
      '私有排行榜将在本阶段结束后公布。',
    );
    expect(harness.shown).toEqual([]);
  });

  it('shows the published private board and checks the seal against it', async () => {
    const digest = await sealDigest(
      sealCanonicalForm({
        competitionId,
        phase: 'preliminary',
        metric: 'rmse',
        rows: rows.map(({ rank, teamId, score }) => ({ rank, teamId, score })),
      }),
    );
    const seal = { digest, algorithm: 'sha256', form: 'v1', sealedAt: '2027-05-26T00:00:00.000Z' };
    harness.server.answer('/api/leaderboard/public', board({ seal }));
    harness.server.answer(
      '/api/leaderboard/private',
      board({ published: true, publishedAt: '2027-05-26T01:00:00.000Z' }),
    );
    render(<Leaderboards competition={competition} api={harness.api} />);
    expect((await screen.findByTestId('seal-digest')).textContent).toBe(digest);
    fireEvent.click(screen.getByTestId('board-private'));
    await waitFor(() =>
      expect(screen.getByTestId('leaderboard-phase').textContent).toMatch(/^初赛私有排行榜，公布于 /),
    );

    fireEvent.click(screen.getByRole('button', { name: '根据私有排行榜重新计算' }));
    expect((await screen.findByTestId('seal-check')).textContent).toBe(
      '一致：已公布的私有排行榜得出相同的摘要。',
    );
    const reads = harness.server.requests.filter((r) => r.path === '/api/leaderboard/private');
    expect(reads.at(-1)?.query.toString()).toBe(
      `competitionId=${competitionId}&page=1&pageSize=100&phase=preliminary`,
    );
  });

  it('reports a mismatch when the published rows give another digest', async () => {
    const seal = {
      digest: '0'.repeat(64),
      algorithm: 'sha256',
      form: 'v1',
      sealedAt: '2027-05-26T00:00:00.000Z',
    };
    harness.server.answer('/api/leaderboard/public', board({ seal }));
    harness.server.answer('/api/leaderboard/private', board({ published: true, publishedAt: seal.sealedAt }));
    render(<Leaderboards competition={competition} api={harness.api} />);
    fireEvent.click(await screen.findByRole('button', { name: '根据私有排行榜重新计算' }));
    expect((await screen.findByTestId('seal-check')).textContent).toMatch(
      /^不一致：已公布的私有排行榜得出 [0-9a-f]{64}。$/,
    );
  });

  it('states its order in words and shows each team’s entries and last entry', async () => {
    harness.server.answer('/api/leaderboard/public', board({ seal: null }));
    harness.server.answer('/api/leaderboard/private', board({ published: false, publishedAt: null }));
    render(<Leaderboards competition={competition} api={harness.api} />);
    expect((await screen.findByTestId('leaderboard-order')).textContent).toBe(boardOrderText('zh-CN', false));
    expect(screen.getByTestId('leaderboard-order').textContent).toMatch(/^排名规则：分数低者在前；/);
    expect(screen.getAllByTestId('leaderboard-entries').map((cell) => cell.textContent)).toEqual(['3', '4']);
    expect(screen.getByRole('columnheader', { name: '最近提交' })).toBeTruthy();
    // Signed out: no row is anyone's, and no one asked whose.
    expect(document.querySelector('[data-mine]')).toBeNull();
    expect(harness.server.requests.some((r) => r.path === '/api/submission/myScore')).toBe(false);
  });

  it('shows the shake-up on the published private board: public rank and the places moved', async () => {
    harness.server.answer('/api/leaderboard/public', board({ seal: null }));
    harness.server.answer(
      '/api/leaderboard/private',
      board({
        published: true,
        publishedAt: '2027-05-26T01:00:00.000Z',
        records: [
          { ...row(1, 'owls', 0.2), publicRank: 2, rankChange: 1 },
          { ...row(2, 'larks', 0.3), publicRank: 1, rankChange: -1 },
        ],
      }),
    );
    render(<Leaderboards competition={competition} api={harness.api} />);
    await screen.findByTestId('leaderboard');
    expect(screen.queryByTestId('leaderboard-change')).toBeNull(); // not on the public board
    fireEvent.click(screen.getByTestId('board-private'));
    await waitFor(() => expect(screen.getAllByTestId('leaderboard-change')).toHaveLength(2));
    expect(screen.getAllByTestId('leaderboard-public-rank').map((c) => c.textContent)).toEqual(['2', '1']);
    expect(screen.getAllByTestId('leaderboard-change').map((c) => c.textContent)).toEqual(['▲1', '▼1']);
    expect(screen.getByLabelText('上升 1 名')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '公开榜排名' })).toBeTruthy();
  });

  it('marks the signed-in reader’s own row, from their own call, and links to its page', async () => {
    harness.server.answer('/api/leaderboard/public', board({ seal: null }));
    harness.server.answer('/api/leaderboard/private', board({ published: false, publishedAt: null }));
    harness.server.answer(
      '/api/submission/myScore',
      envelope(0, 'ok', {
        teamId: 'owls',
        privateBest: [],
        best: [
          {
            phase: 'preliminary',
            score: 0.5,
            rank: 2,
            teams: 2,
            metric: 'rmse',
            higherIsBetter: false,
            submittedAt: '2027-03-25T02:00:00.000Z',
          },
        ],
        history: [],
      }),
    );
    render(<Leaderboards competition={competition} api={harness.api} signedIn />);
    await waitFor(() => expect(document.querySelector('[data-mine]')?.textContent).toContain('owls'));
    expect(screen.getByTestId('leaderboard-my-row').textContent).toBe('跳到我的排名（第 2 名）');
    expect(document.querySelectorAll('[data-mine]')).toHaveLength(1);
  });
});

describe('the final submissions', () => {
  const harness = useRecordingApi(createScoringApi);
  beforeAll(() => initI18n());
  afterEach(cleanup);

  const completed = (id: string, score: number): Submission => ({
    submissionId: id,
    kind: 'file',
    phase: 'preliminary',
    fileName: `${id}.csv`,
    status: 'Completed',
    score,
    scoreHidden: null,
    privateScore: null,
    log: null,
    refusal: null,
    logText: null,
    submittedAt: '2027-03-25T02:00:00.000Z',
    description: null,
    queue: null,
  });
  const submissions = [completed('a', 0.1), completed('b', 0.2), completed('c', 0.3)];
  const selection = (ids: string[], isDefault: boolean, closed = false) =>
    envelope(0, 'ok', [
      {
        phase: 'preliminary',
        default: isDefault,
        submissions: ids.map((id) => ({
          submissionId: id,
          fileName: `${id}.csv`,
          score: 0,
          submittedAt: '',
        })),
        selectedAt: null,
        closed,
      },
    ]);

  it('starts from the default, allows at most 2 and saves the choice', async () => {
    harness.server.answer('/api/submission/final', selection(['a', 'b'], true));
    render(<FinalSelections competitionId={competitionId} submissions={submissions} api={harness.api} />);
    const panel = await screen.findByTestId('final-selection');
    expect(within(panel).getByTestId('final-mode').textContent).toBe('默认：公开成绩最好的 2 个提交');
    const box = (id: string) =>
      within(panel).getByLabelText(`将 ${id}.csv 用于私有排行榜`) as HTMLInputElement;
    expect([box('a').checked, box('b').checked, box('c').disabled]).toEqual([true, true, true]);

    fireEvent.click(box('b'));
    fireEvent.click(box('c'));
    harness.server.answer('/api/submission/selectFinal', envelope(0, 'Modify success', {}));
    harness.server.answer('/api/submission/final', selection(['a', 'c'], false));
    fireEvent.click(within(panel).getByRole('button', { name: '保存最终提交' }));
    await waitFor(() => expect(screen.getByTestId('final-mode').textContent).toBe('已选择'));
    const saved = harness.server.requests.find((r) => r.path === '/api/submission/selectFinal');
    expect(JSON.parse(saved!.body)).toEqual({
      competitionId,
      phase: 'preliminary',
      submissionIds: ['a', 'c'],
    });
  });

  it('cannot change once the private board is published', async () => {
    harness.server.answer('/api/submission/final', selection(['a', 'b'], true, true));
    render(<FinalSelections competitionId={competitionId} submissions={submissions} api={harness.api} />);
    await screen.findByTestId('final-closed');
    expect(screen.queryByRole('button', { name: '保存最终提交' })).toBeNull();
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).disabled)).toBe(true);
  });
});
