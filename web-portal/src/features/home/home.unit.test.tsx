// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envelope, useRecordingApi } from '../../../test/support/recordingApi';
import type { ApiClient } from '../../api/client';
import { changeLanguage, initI18n } from '../../app/i18n';
import { HomeHero } from './HomeHero';
import { PrizeSection } from './PrizeSection';
import { prizeTiers, trackPool } from './prize';
import { RankingList } from './RankingList';
import { ScheduleSection } from './ScheduleSection';

const track = (competitionId: string, en: string) => ({
  competitionId,
  title: { en, 'zh-CN': en },
});

describe('the landing page of the prize', () => {
  const harness = useRecordingApi((client: ApiClient) => client);
  beforeAll(() => initI18n());
  afterEach(async () => {
    cleanup();
    await changeLanguage('zh-CN');
  });

  it('adds up the prizes of spec §9: 200,000 per track, 1,000,000 for five', () => {
    expect(prizeTiers.map((tier) => [tier.teams, tier.perTeam])).toEqual([
      [1, 100_000],
      [2, 30_000],
      [3, 10_000],
      [4, 2_500],
    ]);
    expect(trackPool).toBe(200_000);
    expect(trackPool * 5).toBe(1_000_000);
  });

  it('shows the prize table, schedule and section menu in zh-CN and in en', async () => {
    render(
      <>
        <HomeHero />
        <ScheduleSection />
        <PrizeSection />
      </>,
    );
    const tiers = screen.getAllByTestId('prize-tier').map((row) => row.textContent);
    expect(tiers).toEqual([
      '冠军1100,000100,000',
      '亚军230,00060,000',
      '季军310,00030,000',
      '优胜奖42,50010,000',
    ]);
    expect(screen.getByTestId('track-pool').textContent).toBe('200,000');
    expect(screen.getAllByTestId('schedule-stage').map((stage) => stage.textContent)).toEqual([
      '102.23报名开启',
      '203.24 – 05.25初赛',
      '306.07 – 06.29复赛',
      '47 月决赛及颁奖',
    ]);
    expect(screen.getByRole('link', { name: '排行榜' }).getAttribute('href')).toBe('#ranking');

    await changeLanguage('en');
    expect(await screen.findByText('Honourable mention')).toBeTruthy();
    expect(screen.getAllByTestId('schedule-stage')[1]?.textContent).toBe('224 Mar – 25 MayPreliminary round');
    expect(screen.getByTestId('prize-pool').textContent).toBe(
      'Total prize pool of 1,000,000 RMB, 200,000 RMB per track',
    );
  });

  it('reads the ranking list from the tracks’ public leaderboards', async () => {
    const first = '7c1f0a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
    const second = '8d2f0a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
    harness.server.answer(
      '/api/race/list',
      envelope(0, 'ok', { total: 2, records: [track(first, 'Catalysis'), track(second, 'Power')] }),
    );
    harness.server.answer(
      '/api/leaderboard/public',
      envelope(0, 'ok', {
        phase: 'preliminary',
        total: 1,
        page: 1,
        pageSize: 5,
        records: [
          {
            rank: 1,
            teamId: 't-1',
            teamName: 'Larks',
            participants: ['ada'],
            organization: null,
            score: 0.1234567,
            metric: 'rmse',
            submittedAt: '2027-03-25T00:00:00.000Z',
          },
        ],
      }),
    );
    render(
      <MemoryRouter>
        <RankingList client={harness.api} />
      </MemoryRouter>,
    );
    const tracks = await screen.findAllByTestId('ranking-track');
    expect(tracks).toHaveLength(2);
    expect(within(tracks[0]!).getByTestId('ranking-row').textContent).toBe('1Larks0.123457');
    expect(within(tracks[1]!).getByRole('link', { name: '完整排行榜' }).getAttribute('href')).toBe(
      `/competitionDetail/${second}/leaderboard`,
    );
    const [list, ...boards] = harness.server.requests;
    expect(list?.query.get('season')).toBe('2027');
    expect(boards.map((request) => request.query.get('competitionId')).sort()).toEqual([first, second]);
    expect(harness.shown).toEqual([]);
  });

  it('says so when the ranking list cannot be read, without an error notice', async () => {
    harness.server.answer('/api/race/list', { status: 500, ...envelope(500, 'boom') });
    render(
      <MemoryRouter>
        <RankingList client={harness.api} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('排行榜加载失败。')).toBeTruthy();
    expect(harness.shown).toEqual([]);
  });
});
