import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv, latestSplit, scoringHarness, waitFor } from './support.ts';

/**
 * Issue 32: the public leaderboard is answered from bytes serialized once per board change, with an
 * ETag; a reader that has them gets 304. A new score is a new page and a new tag, and the cache never
 * gives a reader what another reader was answered (a language's label, an operator's preview).
 */
const truth = csv((i) => i * 5);
/** A file whose public RMSE is `pub` and private RMSE is `priv` against `truth`. */
const scored = (pub: number, priv: number) =>
  csv((i) => i * 5 + (latestSplit.publicIds.has(`r${i}`) ? pub : priv));

describe('the public leaderboard page cache (ETag, 304, invalidation)', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  beforeAll(async () => {
    h = await scoringHarness();
  });
  afterAll(() => h.close());

  const page = (competitionId: string, headers: Record<string, string> = {}, web = h.anonymous) =>
    web.raw({
      method: 'GET',
      url: `/api/leaderboard/public?competitionId=${competitionId}`,
      headers,
    });

  it('answers 304 to the tag it gave, and a new score is a new page with a new tag', async () => {
    const competitionId = await h.competition(truth);
    const a = await h.participant(competitionId);
    const b = await h.participant(competitionId);
    await h.submit(a.web, competitionId, scored(3, 3));
    await h.board(competitionId, (d) => d.total === 1);

    const first = await page(competitionId);
    expect(first.status).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('Accept-Language, Accept-Encoding');
    expect(first.body.data.records.map((r: { teamId: string }) => r.teamId)).toEqual([a.accountId]);

    // The same bytes and tag for every reader: signed in or not, participant or not.
    for (const web of [a.web, b.web, h.operator.web]) {
      const same = await page(competitionId, {}, web);
      expect(same.headers.etag).toBe(etag);
      expect(same.rawPayload.equals(first.rawPayload)).toBe(true);
    }

    // A reader that has it: 304, no body, the tag again (also weak, or in a list).
    for (const given of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await page(competitionId, { 'if-none-match': given });
      expect(again.status, given).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['x-frame-options']).toBe('DENY');
    }
    expect((await page(competitionId, { 'if-none-match': '"other"' })).status).toBe(200);

    // A better score from b: the next page (once the board watch has seen the change) is new.
    await h.submit(b.web, competitionId, scored(1, 1));
    const changed = await waitFor(
      () => page(competitionId, { 'if-none-match': etag }),
      (answer) => answer.status === 200,
      'the page to change',
    );
    expect(changed.body.data.records.map((r: { teamId: string }) => r.teamId)).toEqual([
      b.accountId,
      a.accountId,
    ]);
    const newTag = String(changed.headers.etag);
    expect(newTag).not.toBe(etag);
    expect((await page(competitionId, { 'if-none-match': newTag })).status).toBe(304);
    // The old tag no longer matches: its holder gets the new page.
    const stale = await page(competitionId, { 'if-none-match': etag });
    expect(stale.status).toBe(200);
    expect(stale.rawPayload.equals(changed.rawPayload)).toBe(true);
  });

  it("never answers a reader with another reader's variant: a deleted person's label per language", async () => {
    const competitionId = await h.competition(truth);
    const gone = await h.participant(competitionId);
    const stays = await h.participant(competitionId);
    await h.submit(gone.web, competitionId, scored(1, 1));
    await h.submit(stays.web, competitionId, scored(2, 2));
    // Both on the board (read from the read model: the page is not read, so not cached, before the
    // deletion below).
    await waitFor(
      () =>
        sql<{ n: number }>`select count(*)::int as n from scoring.leaderboard
          where competition_id = ${competitionId}`.execute(h.db),
      (r) => r.rows[0]!.n === 2,
      'both scores on the board',
    );
    // A deleted person is an empty name in the people mirror (decision 0017), as the deletion leaves it.
    await sql`update scoring.people set username = '' where account_id = ${gone.accountId}`.execute(h.db);

    const names = (answer: Awaited<ReturnType<typeof page>>) =>
      answer.body.data.records.map((r: { participants: string[] }) => r.participants[0]);
    const en = await page(competitionId, { 'accept-language': 'en' });
    const zh = await page(competitionId, { 'accept-language': 'zh-CN' });
    expect(names(en)).toEqual(['Deleted user', stays.username]);
    expect(names(zh)).toEqual(['已注销用户', stays.username]);
    expect(en.headers.etag).not.toBe(zh.headers.etag);
    // Each language again gets its own bytes, in either order.
    expect(names(await page(competitionId, { 'accept-language': 'zh-CN' }))).toEqual(names(zh));
    expect(names(await page(competitionId, { 'accept-language': 'en' }))).toEqual(names(en));
    // A reader of the other language holding the English tag gets its own page, not a 304.
    const other = await page(competitionId, {
      'accept-language': 'zh-CN',
      'if-none-match': String(en.headers.etag),
    });
    expect(other.status).toBe(200);
    expect(names(other)).toEqual(['已注销用户', stays.username]);
  });

  it('sends a page compressed (br or gzip, as the reader accepts) from copies made once, each with its own tag', async () => {
    const competitionId = await h.competition(truth);
    for (let team = 1; team <= 6; team++) {
      const { web } = await h.participant(competitionId);
      await h.submit(web, competitionId, scored(team, team));
    }
    await h.board(competitionId, (d) => d.total === 6);
    const plain = await page(competitionId);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const tag = String(plain.headers.etag);
    const br = await page(competitionId, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await page(competitionId, { 'accept-encoding': 'br;q=0, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    // The same envelope once decoded, in fewer bytes, with a tag of its own per coding.
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(new Set([tag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    // The same compressed bytes to the next reader (made once), and 304 to its tag.
    const again = await page(competitionId, { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const cached = await page(competitionId, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(cached.status).toBe(304);
    // A reader holding the plain tag but now asking for br gets the br bytes, not a 304.
    expect((await page(competitionId, { 'accept-encoding': 'br', 'if-none-match': tag })).status).toBe(200);
    // Refusing every coding: the plain bytes.
    const identity = await page(competitionId, { 'accept-encoding': 'identity, br;q=0, gzip;q=0' });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it("never gives a participant the operator's preview of a hidden private board", async () => {
    const competitionId = await h.competition(truth);
    const a = await h.participant(competitionId);
    await h.submit(a.web, competitionId, scored(1, 2));
    const preview = await h.board(
      competitionId,
      (d) => d.total === 1,
      '/api/leaderboard/private',
      h.operator.web,
    );
    expect(preview.published).toBe(false);
    for (const web of [a.web, h.anonymous]) {
      const hidden = await web.raw({
        method: 'GET',
        url: `/api/leaderboard/private?competitionId=${competitionId}`,
      });
      expect(hidden.status).toBe(403);
      expect(hidden.body.data).not.toHaveProperty('records');
      expect(hidden.headers.etag).toBeUndefined();
    }
  });
});
