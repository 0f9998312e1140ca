import { randomUUID } from 'node:crypto';
import { competition, prizeTrackTitle, prizeTracks, type scoring } from '@sais/events';
import type { Competitions } from '../competitions.ts';
import type { Settings } from '../domain/competition.ts';
import { trackContent } from './content.ts';
import { trackData } from './datasets.ts';

// Spec §4: registration 02.23, preliminary 03.24–05.25, semi-final 06.07–06.29, final in July (Asia/Shanghai).
const schedule = [
  {
    phase: 'registration' as const,
    startsAt: '2027-02-23T00:00:00+08:00',
    endsAt: '2027-05-25T23:59:59+08:00',
  },
  {
    phase: 'preliminary' as const,
    startsAt: '2027-03-24T00:00:00+08:00',
    endsAt: '2027-05-25T23:59:59+08:00',
  },
  {
    phase: 'semi-final' as const,
    startsAt: '2027-06-07T00:00:00+08:00',
    endsAt: '2027-06-29T23:59:59+08:00',
  },
  { phase: 'final' as const, startsAt: '2027-07-01T00:00:00+08:00', endsAt: '2027-07-31T23:59:59+08:00' },
];

/** Team changes close two weeks before the preliminary ends, at the end of that day in Shanghai. */
const teamMergeDeadline = '2027-05-10T23:59:59+08:00';

const agreement = {
  agreementId: 'rules-2027',
  title: { en: 'Competition rules and data licence', 'zh-CN': '比赛规则与数据使用协议' },
  body: {
    en: 'I will use the data only for this competition, submit my own work, and accept that results are verified before prizes are paid.',
    'zh-CN': '本人承诺仅将数据用于本次比赛，提交本人原创成果，并同意获奖结果须经审核后方可发放奖金。',
  },
};

export interface SeededTrack {
  competitionId: string;
  metric: scoring.MetricName;
  /** The test set's answers (`id,<target>`), for the scoring service. */
  groundTruth: Buffer;
}

/**
 * Loads the third world AI-for-science prize: five tracks as competitions (200,000 RMB each: champion
 * 100,000, two runners-up 30,000, three third places 10,000, four honourable mentions 2,500), with
 * generated datasets. Returns each track's ground truth for the scoring service.
 */
export async function seedPrize(competitions: Competitions): Promise<SeededTrack[]> {
  const metadata = {
    actor: { userId: null, role: 'system' as const },
    correlationId: randomUUID(),
    causationId: null,
  };
  const seeded: SeededTrack[] = [];
  for (const track of prizeTracks) {
    const data = trackData[track.slug]!();
    const settings: Settings = {
      // The short name `sais` takes (decision 0036): the track's key and the season.
      slug: `${track.slug}-2027`,
      title: prizeTrackTitle(track),
      description: {
        en: `Third World AI for Science Prize, ${track.field.en} track. Predict "${data.target}" for every test id; scored by ${data.scoredBy.en}.`,
        'zh-CN': `第三届世界科学智能大赛${track.field['zh-CN']}赛道。请为测试集每个 id 预测“${data.target}”，评测指标：${data.scoredBy['zh-CN']}。`,
      },
      type: track.type,
      bonus: 200_000,
      season: '2027',
      sponsors: ['Shanghai Academy of AI for Science', 'Fudan University'],
      timeZone: 'Asia/Shanghai',
      teamSizeLimit: 5,
      teamFormingAttempts: 3,
      dailySubmissionLimit: 3,
      submissionKinds: track.slug === 'llm-reasoning' ? ['result-file', 'container-image'] : ['result-file'],
      // Written in the track's zone like the schedule: a bare `Z` here made it 05-11 07:59 (issue 35).
      teamMergeDeadline: new Date(teamMergeDeadline).toISOString(),
      agreements: [agreement],
    };
    const phases = schedule.map((p) => ({
      ...p,
      startsAt: new Date(p.startsAt).toISOString(),
      endsAt: new Date(p.endsAt).toISOString(),
    }));
    const competitionId = await competitions.create(settings, phases, metadata);
    const add = (kind: 'document' | 'dataset', name: string, text: string, contentType: string) =>
      competitions.addFile(competitionId, kind, { name, contentType, bytes: Buffer.from(text) }, metadata);
    await add(
      'document',
      'README.md',
      `# ${settings.title.en}\n\n${settings.description.en}\n\nFiles: train.csv, test.csv, sample_submission.csv.\n`,
      'text/markdown',
    );
    await add('dataset', 'train.csv', data.train, 'text/csv');
    await add('dataset', 'test.csv', data.test, 'text/csv');
    await add('dataset', 'sample_submission.csv', data.sampleSubmission, 'text/csv');
    const sections = trackContent(track, data);
    for (const section of competition.contentSections)
      await competitions.writeSection(competitionId, section, sections[section], metadata);
    seeded.push({ competitionId, metric: data.metric, groundTruth: Buffer.from(data.groundTruth) });
  }
  return seeded;
}
