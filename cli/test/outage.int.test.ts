import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@sais/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InterruptibleServer, startPostgres } from '../../infra/test/containers.ts';
import { maxAttempts } from '../src/api.ts';
import { type Harness, resultCsv, sais, startPlatform } from './platform.ts';

/**
 * Issue 33, finding 9: the `sais` command through a short storage outage. The platform (every service)
 * runs on a PostgreSQL of this test's own, stopped and started while commands run: they wait out the
 * 503s (Retry-After) and finish, a submission sent through the outage is stored once, and a longer
 * outage ends in a clear message after `maxAttempts` attempts.
 */
describe('sais through a storage outage', () => {
  let postgres: InterruptibleServer & { url: string };
  let h: Harness;
  let competitionId: string;
  let token: string;
  const sharedServer = process.env.DATABASE_URL;
  const as = () => ({ SAIS_URL: h.origin, SAIS_TOKEN: token });

  beforeAll(async () => {
    postgres = await startPostgres();
    // The test platform makes its fresh database on the server DATABASE_URL names: this file's own.
    process.env.DATABASE_URL = postgres.url;
    h = await startPlatform();
    const operator = await h.person(['operator']);
    competitionId = await h.openCompetition(operator, 'Outage Cup');
    const alice = await h.person();
    await h.signUp(competitionId, alice);
    token = (await alice.token(['read', 'submit'], 'outage')).token;
  }, 240_000);

  afterAll(async () => {
    await postgres?.up().catch(() => undefined); // a failed test may leave it down
    await h?.close().catch(() => undefined);
    await postgres?.stop();
    process.env.DATABASE_URL = sharedServer;
  }, 120_000);

  it('waits out a short outage (503, Retry-After) and finishes; submissions sent through it (multipart and tus) are stored once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sais-outage-'));
    const file = join(dir, 'result.csv');
    const resumableFile = join(dir, 'resumable.csv');
    await writeFile(file, resultCsv(3));
    await writeFile(resumableFile, resultCsv(4));
    await postgres.down();
    let listing: ReturnType<typeof sais>;
    let submitting: ReturnType<typeof sais>;
    let resuming: ReturnType<typeof sais>;
    // Down until both commands have met it (a command's own start takes seconds on a loaded host: a
    // fixed 3 s outage was once over before the listing asked), and for at least 3 s.
    const met = new Set<string>();
    const meeting = (name: string) => ({
      onStderr: (text: string) => void (/briefly unavailable/.test(text) && met.add(name)),
    });
    try {
      listing = sais(['competitions', 'list', '--json'], as(), meeting('list'));
      submitting = sais(['submit', competitionId, '-f', file, '--json'], as(), meeting('submit'));
      // The resumable upload (tus): tus-js-client sends again after the 503s by itself.
      resuming = sais(['submit', competitionId, '-f', resumableFile, '--resumable', '--json'], as());
      await new Promise((resolve) => setTimeout(resolve, 3000));
      for (let i = 0; i < 300 && met.size < 2; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await postgres.up();
    }
    const listed = await listing;
    expect(listed.stderr).toMatch(
      /The platform is briefly unavailable \(503\); waiting \d+ s, then trying again/,
    );
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(competitionId);
    const submitted = await submitting;
    expect(submitted.stderr).toMatch(/The platform is briefly unavailable/);
    expect(submitted.code).toBe(0);
    const resumed = await resuming;
    expect(resumed.code).toBe(0);
    const ids = [submitted, resumed].map(
      (run) => (JSON.parse(run.stdout) as { submissionId: string }).submissionId,
    );
    const mine = JSON.parse((await sais(['submissions', competitionId, '--json'], as())).stdout) as {
      submissionId: string;
    }[];
    expect(mine.map((s) => s.submissionId).sort()).toEqual(ids.sort());
  }, 180_000);

  it('gives up after a bounded number of attempts with a clear message, in either language', async () => {
    await postgres.down();
    try {
      // Both languages at once: each command waits out its own Retry-Afters (about 8 s).
      const cases = [
        ['en', `Gave up after ${maxAttempts} attempts`, messages.storageUnavailable.en],
        ['zh-CN', `已尝试 ${maxAttempts} 次`, messages.storageUnavailable['zh-CN']],
      ] as const;
      const outcomes = await Promise.all(
        cases.map(([lang]) => sais(['quota', competitionId], { ...as(), SAIS_LANG: lang })),
      );
      for (const [i, [lang, gaveUp, platform]] of cases.entries()) {
        const outcome = outcomes[i]!;
        expect(outcome.code).toBe(1);
        expect(outcome.stderr).toContain(gaveUp);
        expect(outcome.stderr).toContain(platform.replace('{{retryAfterSeconds}}', '2'));
        expect(outcome.stderr.match(lang === 'en' ? /trying again/g : /重试（第/g)).toHaveLength(
          maxAttempts - 1,
        );
      }
    } finally {
      await postgres.up();
    }
    expect((await sais(['quota', competitionId], as())).code).toBe(0);
  }, 180_000);
});
