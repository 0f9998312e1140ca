/**
 * A deployment without container runners (SCORING_CONTAINERS=off, as infra/deploy/compose.yaml has by
 * default): a container-image submission is refused in the caller's language, nothing is recorded, and
 * result files are taken as usual.
 */
import { client } from '@sais/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv, scoringHarness } from './support.ts';

const truth = csv((i) => i);

describe('container-image submissions switched off', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;

  beforeAll(async () => {
    h = await scoringHarness({ SCORING_CONTAINERS: 'off', SCORING_RUNNER: 'off' });
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('refuses an image with 40026 in English and Chinese, records nothing, and scores a result file', async () => {
    const competitionId = await h.competition(truth);
    const person = await h.participant(competitionId);
    const image = { competitionId, image: '127.0.0.1:5000/team/solution:1' };
    const refused = await person.web.post('/api/submission/container', image);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 40026,
      message:
        'This platform does not run container images at the moment; please submit a result file instead',
    });
    const chinese = client(h.platform.app, 'zh-CN');
    const cookie = person.web.cookie;
    const inChinese = await chinese.post('/api/submission/container', image, { cookie });
    expect(inChinese.body).toMatchObject({
      code: 40026,
      message: '本平台目前不运行容器镜像提交，请改为提交结果文件',
    });
    const mine = await person.web.get('/api/submission/mine', { competitionId });
    expect(mine.body.data).toEqual([]);

    const row = await h.submit(person.web, competitionId, truth);
    expect(row).toMatchObject({ status: 'Completed', score: 0 });
  });
});
