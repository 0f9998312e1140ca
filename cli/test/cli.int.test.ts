import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scoring, transparency } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardCsv } from '../src/commands/leaderboard.ts';
import { type Harness, flakyLink, heldLink, resultCsv, sais, saisBin, startPlatform } from './platform.ts';

/**
 * Issue 22: the `sais` command, run as its own process against a real platform (every service, a fresh
 * PostgreSQL database), with tokens its users made on /user.
 */
describe('sais against a running platform', () => {
  let h: Harness;
  let competitionId: string;
  let alice: Awaited<ReturnType<Harness['person']>>;
  let aliceToken: string;
  const dataset = randomBytes(300_000);
  const work = async () => mkdtemp(join(tmpdir(), 'sais-cli-work-'));
  const as = (token: string) => ({ SAIS_URL: h.origin, SAIS_TOKEN: token });

  beforeAll(async () => {
    // 60 calls per token per 6 s: the other tests stay below it, the 429 test spends it in a second and
    // then waits out the rest of the window.
    h = await startPlatform({
      SAIS_RATE_LIMIT_TOKEN: '60',
      SAIS_RATE_LIMIT_TOKEN_WINDOW_SECONDS: '6',
      // Signed checkpoints every second, so a score's proof is there soon.
      SAIS_CHECKPOINT_INTERVAL_MS: '1000',
      // Boards as of a past time to the second (a minute in production), so the test need not wait.
      SCORING_BOARD_AS_OF_STEP_SECONDS: '1',
    });
    const operator = await h.person(['operator']);
    competitionId = await h.openCompetition(operator, 'CLI Cup');
    await h.attachFile(operator, competitionId, 'train.bin', dataset, 'document');
    await h.attachFile(operator, competitionId, 'rules.txt', Buffer.from('Be kind.\n'), 'document');
    alice = await h.person();
    await h.signUp(competitionId, alice);
    aliceToken = (await alice.token(['read', 'submit', 'team'], 'alice laptop')).token;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('logs in (config file mode 0600), lists and shows competitions, in either language', async () => {
    const home = await work();
    const login = await sais(['login', '--url', h.origin, '--token', aliceToken], {}, { cwd: home });
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    expect(login.stdout).toMatch(/^Signed in as cli\w+; settings saved to .*config\.json/);
    const config = join(home, 'config.json');
    expect((await stat(config)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(config, 'utf8'))).toEqual({ url: h.origin, token: aliceToken });

    // No flags, no environment: the config file says where and who.
    const listed = await sais(['competitions', 'list'], {}, { cwd: home });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`${competitionId}\\s+cli-cup\\s+Active\\s+Algorithm\\s+preliminary\\s+1000\\s+CLI Cup`),
    );
    const json = await sais(['competitions', 'list', '--status', 'Active', '--json'], {}, { cwd: home });
    expect(JSON.parse(json.stdout).map((c: { competitionId: string }) => c.competitionId)).toContain(
      competitionId,
    );
    const shown = await sais(['competitions', 'show', competitionId, '--lang', 'zh-CN'], {}, { cwd: home });
    expect(shown.stdout).toContain('CLI Cup（中文）');
    expect(shown.stdout).toMatch(/^已报名\s+是$/m);
    const shownEn = await sais(['competitions', 'show', competitionId], {}, { cwd: home });
    expect(shownEn.stdout).toMatch(/^signed up\s+yes$/m);
  });

  it('downloads a file, resumes an interrupted download with Range and checks its SHA-256', async () => {
    const dir = await work();
    const listed = await sais(['files', 'list', competitionId, '--json'], as(aliceToken));
    const files = JSON.parse(listed.stdout) as { name: string; sha256: string; size: number }[];
    const train = files.find((f) => f.name === 'train.bin')!;
    expect(train.sha256).toBe(createHash('sha256').update(dataset).digest('hex'));

    // What an interrupted run leaves behind: the first 100 000 bytes in train.bin.partial.
    await writeFile(join(dir, 'train.bin.partial'), dataset.subarray(0, 100_000));
    const resumed = await sais(['files', 'download', competitionId, 'train.bin', '-o', dir], as(aliceToken));
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('Resuming train.bin from byte 100000');
    expect(resumed.stderr).toContain('SHA-256 checked');
    expect(Buffer.compare(await readFile(join(dir, 'train.bin')), dataset)).toBe(0);
    // The platform served the rest only: its download record names the range.
    const ranges = await sql<{ range: string | null }>`select data->>'range' as range from competition.events
      where type = 'competition.FileDownloaded' and data->>'accountId' = ${alice.accountId}`.execute(h.db);
    expect(ranges.rows.map((r) => r.range)).toContain('bytes=100000-');

    // Everything at once; a complete file is checked and left alone.
    const all = await sais(['files', 'download', competitionId, '-o', dir], as(aliceToken));
    expect(all.code).toBe(0);
    expect(all.stderr).toContain('train.bin is already complete');
    expect(await readFile(join(dir, 'rules.txt'), 'utf8')).toBe('Be kind.\n');
  });

  it('shows an Invalid submission’s log in the language asked for (the platform renders the refusal)', async () => {
    const dir = await work();
    const file = join(dir, 'wrong.csv');
    // r1 twice: the scorer refuses line 4 (the second r1) as a duplicate id.
    await writeFile(file, resultCsv(0).replace('r1,5\n', 'r1,5\nr1,5\n'));
    const submitted = await sais(
      ['submit', competitionId, '-f', file, '--wait', '--interval', '0.5', '--lang', 'en'],
      as(aliceToken),
    );
    expect(submitted.code).toBe(1);
    expect(submitted.stdout).toContain('Line 4, column id: "r1" appears twice (duplicate id).');
    const submissionId = /submission ([0-9a-f-]{36})/.exec(submitted.stdout)![1]!;
    const zh = await sais(['submission', submissionId, '--log', '--lang', 'zh-CN'], as(aliceToken));
    expect(zh.stdout.trim()).toBe('第 4 行 id 列：“r1”出现了两次（重复的 id）。');
    const en = await sais(['submission', submissionId, '--log'], { ...as(aliceToken), LANG: 'en_US.UTF-8' });
    expect(en.stdout.trim()).toBe('Line 4, column id: "r1" appears twice (duplicate id).');
    const json = await sais(['submission', submissionId, '--json'], as(aliceToken));
    expect(JSON.parse(json.stdout)).toMatchObject({
      status: 'Invalid',
      refusal: { key: 'duplicateId', params: { line: 4, id: 'r1' } },
    });
  });

  it('submits a CSV with a message, waits for its score, and reads submissions, quota and the board as CSV', async () => {
    const dir = await work();
    const file = join(dir, 'result.csv');
    await writeFile(file, resultCsv(2));
    // A message over 500 characters: the platform's refusal (exit 1), nothing submitted.
    const tooLong = await sais(['submit', competitionId, '-f', file, '-m', 'x'.repeat(501)], as(aliceToken));
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toContain('at most 500 characters');
    // A time before the submission: the board as of then (checked at the end).
    const beforeSubmit = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const submitted = await sais(
      ['submit', competitionId, '-f', file, '-m', ' 常数 2 baseline ', '--wait', '--interval', '0.5'],
      as(aliceToken),
    );
    expect(submitted.stderr).toContain('Waiting for the score');
    expect(submitted.code).toBe(0);
    expect(submitted.stdout).toMatch(
      /Submitted result\.csv: submission [0-9a-f-]{36}, status Waiting; \d+ submissions left today/,
    );
    expect(submitted.stdout).toContain('Completed: score 2');
    const submissionId = /submission ([0-9a-f-]{36})/.exec(submitted.stdout)![1]!;

    const mine = await sais(['submissions', competitionId, '--json'], as(aliceToken));
    expect(JSON.parse(mine.stdout)[0]).toMatchObject({
      submissionId,
      status: 'Completed',
      score: 2,
      description: '常数 2 baseline',
    });
    const table = await sais(['submissions', competitionId], as(aliceToken));
    expect(table.stdout.split('\n')[0]).toMatch(/\bmessage\b/);
    expect(table.stdout.split('\n').find((line) => line.startsWith(submissionId))).toContain(
      '常数 2 baseline',
    );
    const one = await sais(['submission', submissionId], as(aliceToken));
    expect(one.stdout).toMatch(/message\s+常数 2 baseline/);
    expect(one.stdout).toMatch(/status\s+Completed/);
    expect(one.stdout).toContain(`competition  ${competitionId}`);
    const back = await sais(['submission', submissionId, '--file'], as(aliceToken));
    expect(back.stdout).toBe(resultCsv(2));
    const left = await sais(['quota', competitionId], as(aliceToken));
    expect(left.stdout).toMatch(
      /^\d+ of 20 submissions left on \d{4}-\d{2}-\d{2} \(Asia\/Shanghai\); \d+ used/,
    );

    const csv = await sais(['leaderboard', competitionId, '--csv'], as(aliceToken));
    expect(csv.code).toBe(0);
    const api = await fetch(
      new URL(`/api/leaderboard/public?competitionId=${competitionId}&pageSize=100`, h.origin),
    );
    const board = (await api.json()) as { data: { records: Parameters<typeof boardCsv>[0] } };
    expect(board.data.records.length).toBeGreaterThan(0);
    expect(csv.stdout.trim()).toBe(boardCsv(board.data.records));
    expect(csv.stdout.split('\n')[1]).toMatch(/^1,.*,2,/);

    // --as-of: before the submission the board had no row; after the last change it is the live one.
    const then = await sais(['leaderboard', competitionId, '--as-of', beforeSubmit], as(aliceToken));
    expect(then.code).toBe(0);
    expect(then.stdout.trim()).toBe('The leaderboard is empty');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const now = new Date().toISOString();
    const asOfCsv = await sais(['leaderboard', competitionId, '--as-of', now, '--csv'], as(aliceToken));
    expect(asOfCsv.stdout.trim()).toBe(boardCsv(board.data.records));
    const asOfTable = await sais(['leaderboard', competitionId, '--as-of', now], as(aliceToken));
    expect(asOfTable.stdout).toContain(
      `as of ${new Date(Math.floor(Date.parse(now) / 1000) * 1000).toISOString()}`,
    );
    // The stated order (decision 0029) beside the table, and the entries columns.
    const live = await sais(['leaderboard', competitionId], as(aliceToken));
    expect(live.stdout).toMatch(
      /\nOrder: (lower|higher) score first; then the earlier submission .*; then the team ID in character order/,
    );
    expect(live.stdout).toMatch(/\bentries\b.*\blast entry\b/);
    expect(csv.stdout.split('\n')[0]).toBe(
      'rank,team,teamId,participants,organization,score,submittedAt,entries,lastEntryAt,ladderStep,baseline,description',
    );
    const badTime = await sais(['leaderboard', competitionId, '--as-of', 'someday'], as(aliceToken));
    expect(badTime.code).toBe(2);

    const privateBoard = await sais(['leaderboard', competitionId, '--private'], as(aliceToken));
    expect(privateBoard.code).toBe(1);
    expect(privateBoard.stderr).toContain('The private leaderboard is not published yet');

    // The Ladder on (decision 0045): the table says so in the reader's language, the CSV gives its step.
    const staff = await h.person(['operator']);
    const options = (ladderStep: number | null) =>
      staff.web('POST', '/api/admin/leaderboard/options', {
        competitionId,
        phase: 'preliminary',
        ladderStep,
        blind: false,
        reason: 'the CLI shows the Ladder',
      } satisfies scoring.requests.BoardOptionsBody);
    expect((await options(0.5)).code).toBe(0);
    let laddered = await sais(['leaderboard', competitionId], as(aliceToken));
    for (let i = 0; i < 100 && !laddered.stdout.includes('Ladder'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      laddered = await sais(['leaderboard', competitionId], as(aliceToken));
    }
    expect(laddered.stdout).toContain(scoring.ladderText('en', 0.5));
    const ladderCsv = await sais(['leaderboard', competitionId, '--csv'], as(aliceToken));
    expect(ladderCsv.stdout.split('\n')[1]).toMatch(/^1,.*,2,.*,0\.5,,$/);
    expect((await options(null)).code).toBe(0);

    // A baseline (decision 0050): in its place, marked, with no rank, in the table and the CSV.
    const form = new FormData();
    form.set('competitionId', competitionId);
    form.set('phase', 'preliminary');
    form.set('name', 'Mean');
    form.set('description', 'The mean, for every id');
    form.set('file', new Blob([resultCsv(2)], { type: 'text/csv' }), 'baseline.csv');
    const added = await staff.web('POST', '/api/admin/leaderboard/baselines', form);
    expect(added.code).toBe(0);
    let withBaseline = await sais(['leaderboard', competitionId, '--csv'], as(aliceToken));
    for (let i = 0; i < 100 && !withBaseline.stdout.includes('Mean'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      withBaseline = await sais(['leaderboard', competitionId, '--csv'], as(aliceToken));
    }
    const baselineLine = withBaseline.stdout.split('\n').find((line) => line.includes('Mean'))!;
    expect(baselineLine).toMatch(/^,Mean,[0-9a-f-]{36},,,[^,]+,[^,]+,,,,true,"The mean, for every id"$/);
    const baselineTable = await sais(['leaderboard', competitionId], as(aliceToken));
    expect(baselineTable.stdout).toMatch(/\[Baseline\]\s+\S+\s+Mean\s+The mean, for every id/);
  });

  it('sends a file over the resumable upload, and a later run continues where an interrupted one stopped', async () => {
    const rows = (value: (i: number) => string) =>
      'id,yield\n' + Array.from({ length: 80_000 }, (_, i) => `r${i},${value(i)}`).join('\n') + '\n';
    const operator = await h.person(['operator']);
    const big = await h.openCompetition(
      operator,
      'CLI Big',
      rows((i) => String(i % 1000)),
    );
    await h.signUp(big, alice);
    const dir = await work();
    const file = join(dir, 'big.csv');
    const csv = rows((i) => `${i % 1000}.5`);
    await writeFile(file, csv);
    const link = await flakyLink(Number(new URL(h.origin).port), 400_000);
    const through = { SAIS_URL: `http://127.0.0.1:${link.port}`, SAIS_TOKEN: aliceToken };
    try {
      // The link dies after 400 kB: the run retries three times, then gives up (network: 3).
      const cut = await sais(['submit', big, '-f', file, '--resumable', '-m', 'tus 续传'], through, {
        cwd: dir,
      });
      expect(cut.code).toBe(3);
      expect(cut.stderr).toContain('Cannot reach the platform');
      const sentBefore = link.forwarded;
      expect(sentBefore).toBeLessThan(csv.length);

      link.cutting = false;
      const resumed = await sais(
        ['submit', big, '-f', file, '--resumable', '-m', 'tus 续传', '--wait', '--interval', '0.5'],
        through,
        {
          cwd: dir,
        },
      );
      expect(resumed.stderr).toContain('Continuing an upload of this file begun earlier');
      expect(resumed.code).toBe(0);
      expect(resumed.stdout).toContain('Completed: score 0.5');
      // Continued from the platform's offset, not sent again from the first byte.
      expect(link.forwarded - sentBefore).toBeLessThan(csv.length - 200_000);
      const mine = JSON.parse((await sais(['submissions', big, '--json'], as(aliceToken))).stdout);
      expect(mine).toHaveLength(1);
      // The message went as the upload's metadata.
      expect(mine[0].description).toBe('tus 续传');
    } finally {
      await link.close();
    }
  });

  it('verifies a score’s proof in the signed log and the published leaderboard against its seal', async () => {
    const operator = await h.person(['operator']);
    const sealed = await h.openCompetition(operator, 'CLI Seal');
    await h.signUp(sealed, alice);
    const dir = await work();
    const file = join(dir, 'result.csv');
    await writeFile(file, resultCsv(1));
    const submitted = await sais(
      ['submit', sealed, '-f', file, '--wait', '--interval', '0.5'],
      as(aliceToken),
    );
    expect(submitted.code).toBe(0);
    const submissionId = /submission ([0-9a-f-]{36})/.exec(submitted.stdout)![1]!;

    const key = (
      (await (await fetch(new URL('/api/transparency/scoring/checkpoints?limit=1', h.origin))).json()) as {
        data: { publicKey: string };
      }
    ).data.publicKey;
    let proof = await sais(['verify-proof', submissionId, '--key', key], as(aliceToken));
    for (let i = 0; i < 30 && proof.code !== 0; i++) {
      expect(proof.stdout).toContain('Not in a signed checkpoint yet');
      await new Promise((resolve) => setTimeout(resolve, 500));
      proof = await sais(['verify-proof', submissionId, '--key', key], as(aliceToken));
    }
    expect(proof.code).toBe(0);
    expect(proof.stdout).toMatch(
      /^PASS: the score record is leaf \d+ of the scoring log, in signed checkpoint \d+ \(tree size \d+\); its content is shown once the private leaderboard is published/,
    );
    // Another key of the same name (someone else's signer): the checkpoint's signature does not verify.
    const other = generateKeyPairSync('ed25519')
      .publicKey.export({ format: 'der', type: 'spki' })
      .subarray(-32);
    const otherKey = (await transparency.verifierKeyOf(key.split('+')[0]!, new Uint8Array(other))).text;
    const wrongKey = await sais(['verify-proof', submissionId, '--key', otherKey], as(aliceToken));
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout).toContain('FAIL: the proof does not hold (signature)');

    // The private board, sealed and published by an operator, checks out against its seal.
    const seal = async () =>
      operator.web('POST', '/api/admin/leaderboard/seal', { competitionId: sealed, phase: 'preliminary' });
    let answer = await seal();
    for (let i = 0; i < 50 && answer.code === 40040; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await seal();
    }
    expect(answer.code).toBe(0);
    // Final results once the phase has ended (issue 30): the operator closes it first.
    expect(
      (await operator.web('POST', `/api/admin/competitions/${sealed}/phases/preliminary/close`, {})).code,
    ).toBe(0);
    let published = await operator.web('POST', '/api/admin/leaderboard/publish', {
      competitionId: sealed,
      phase: 'preliminary',
    });
    // Scoring hears of the closing by event.
    for (let i = 0; i < 50 && published.code === 40050; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      published = await operator.web('POST', '/api/admin/leaderboard/publish', {
        competitionId: sealed,
        phase: 'preliminary',
      });
    }
    expect(published.code).toBe(0);
    let verified = await sais(['verify-seal', sealed, 'preliminary'], as(aliceToken));
    for (let i = 0; i < 30 && verified.code !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      verified = await sais(['verify-seal', sealed, 'preliminary'], as(aliceToken));
    }
    expect(verified.stdout).toContain('PASS: the published ranking is the sealed one');
    expect(verified.code).toBe(0);
    // My submissions as CSV, by the competition's slug: the private score now that it is published.
    const csv = await sais(['submissions', 'cli-seal', '--csv'], as(aliceToken));
    expect(csv.stdout.split('\n')[0]).toBe(
      'submissionId,submittedAt,phase,status,publicScore,privateScore,fileName,description,smoke',
    );
    expect(csv.stdout.split('\n').find((line) => line.startsWith(submissionId))).toMatch(
      /,preliminary,Completed,1,1,result\.csv,/,
    );
    // Once published, the proof covers the event's content too.
    let revealed = await sais(['verify-proof', submissionId, '--key', key], as(aliceToken));
    for (
      let i = 0;
      i < 30 && !revealed.stdout.includes('its content (with the private score) matches');
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      revealed = await sais(['verify-proof', submissionId, '--key', key], as(aliceToken));
    }
    expect(revealed.stdout).toContain('its content (with the private score) matches');

    // And the participant recomputes both scores here, from the revealed ground truth and split key
    // (issue 30): with the platform's copy of the file, and with their own.
    const recomputed = await sais(
      ['verify-score', submissionId, '--key', key, '--file', file],
      as(aliceToken),
    );
    expect(recomputed.stderr).toBe('');
    expect(recomputed.stdout).toContain('PASS  the revealed split key is the one committed to at');
    expect(recomputed.stdout).toContain('PASS  the published ground truth is the committed file');
    expect(recomputed.stdout).toMatch(/PASS {2}private score: recorded 1, recomputed 1 \(10 ids\)/);
    expect(recomputed.stdout).toContain(
      'PASS: my own recomputation gives the recorded public and private scores',
    );
    expect(recomputed.code).toBe(0);
    const json = JSON.parse(
      (await sais(['verify-score', submissionId, '--key', key, '--json'], as(aliceToken))).stdout,
    );
    expect(json).toMatchObject({
      passed: true,
      recomputed: { rows: 20, publicRows: 10, publicScore: 1, privateScore: 1 },
    });
    // A file that is not the one scored: the line where it differs is named, and the check fails.
    const notMine = join(dir, 'other.csv');
    await writeFile(notMine, resultCsv(1).replace('r3,16', 'r3,17'));
    const differs = await sais(
      ['verify-score', submissionId, '--key', key, '--file', notMine],
      as(aliceToken),
    );
    expect(differs.stdout).toContain("FAIL  the platform's copy of my file differs from mine from line 5 on");
    expect(differs.code).toBe(1);
    const zh = await sais(['verify-score', submissionId, '--key', key], {
      ...as(aliceToken),
      LANG: 'zh_CN.UTF-8',
    });
    expect(zh.stdout).toContain('通过：本机独立重算的公榜与私榜得分与平台记录一致');

    // Write-ups (decision 0047): the operator opens them for the prize places; Alice (rank 1) submits hers
    // with a file, lists and shows it (its SHA-256 checked here); someone not on the board is refused.
    const opened = await operator.web('POST', '/api/admin/leaderboard/writeups/open', {
      competitionId: sealed,
      phase: 'preliminary',
      places: 3,
      deadline: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(opened.code).toBe(0);
    const method = join(dir, 'method.md');
    await writeFile(method, '# 方法\n\nA constant, **1** off.\n');
    const code = join(dir, 'train.py');
    await writeFile(code, 'print(1)\n');
    const sent = await sais(
      [
        'writeup',
        'submit',
        'cli-seal',
        '--phase',
        'preliminary',
        '--title',
        'Constant',
        '--body',
        method,
        '--file',
        code,
      ],
      as(aliceToken),
    );
    expect(sent.stderr).toBe('');
    expect(sent.code).toBe(0);
    expect(sent.stdout).toMatch(
      /^Write-up [0-9a-f-]{36} submitted \(rank 1\); its event [0-9a-f-]{36} is in the signed scoring log/,
    );
    const writeUpId = /Write-up ([0-9a-f-]{36})/.exec(sent.stdout)![1]!;
    let listed = await sais(['writeup', 'list', 'cli-seal'], as(aliceToken));
    for (let i = 0; i < 30 && !listed.stdout.includes(writeUpId); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      listed = await sais(['writeup', 'list', 'cli-seal'], as(aliceToken));
    }
    expect(listed.stdout).toMatch(/^preliminary: prize places 1–3, until .*; seal [0-9a-f]{64}/);
    expect(listed.stdout).toMatch(new RegExp(`1\\s+\\S+\\s+Constant\\s+${writeUpId}`));
    const shown = await sais(['writeup', 'show', writeUpId], as(aliceToken));
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/body sha256 [0-9a-f]{64} PASS/);
    expect(shown.stdout).toContain('file train.py 9 B sha256');
    expect(shown.stdout).toContain('A constant, **1** off.');
    const bob = await h.person();
    // (Registration has closed with the phase; not on the board is what is refused.)
    const bobToken = (await bob.token(['read', 'submit'], 'bob laptop')).token;
    const refused = await sais(
      ['writeup', 'submit', 'cli-seal', '--phase', 'preliminary', '--title', 'Mine', '--body', method],
      { ...as(bobToken), LANG: 'zh_CN.UTF-8' },
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('只有获奖名次（已公布私有排行榜第 1 至 3 名）的团队可以提交方案说明');
  });

  it('submits a container image, and stops the previous run only when told to', async () => {
    const operator = await h.person(['operator']);
    const code = await h.openCompetition(operator, 'CLI Code', undefined, ['container-image']);
    await h.signUp(code, alice);
    // The phase's run limits (decision 0044), shown before anyone submits, in both languages.
    const limits = { timeoutSeconds: 600, memoryMb: 512, cpus: 1.5, resultMb: 16, gpus: 0 };
    const set = await operator.web(
      'PUT',
      `/api/admin/competitions/${code}/phases/preliminary/run-limits`,
      limits,
    );
    expect(set.code).toBe(0);
    const shown = await sais(['competitions', 'show', code], as(aliceToken));
    expect(shown.stdout).toMatch(
      /run limits +preliminary: 600 s, 512 MB memory, 1\.5 CPU, 16 MB result, 0 GPU/,
    );
    const shownZh = await sais(['competitions', 'show', code, '--lang', 'zh-CN'], as(aliceToken));
    expect(shownZh.stdout).toMatch(
      /运行限制 +preliminary: 600 秒，内存 512 MB，1\.5 个 CPU，结果 16 MB，0 个 GPU/,
    );
    const json = JSON.parse((await sais(['competitions', 'show', code, '--json'], as(aliceToken))).stdout);
    expect(json.phases.preliminary.runLimits).toEqual(limits);
    const image = 'docker.io/library/alpine:3.20';
    const first = await sais(['container', code, '--image', image], as(aliceToken));
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Submitted image docker\.io\/library\/alpine:3\.20: submission [0-9a-f-]{36}, status Waiting; \d+ submissions left today/,
    );
    // The first run is unfinished (no runner here): no terminal to ask, so refused with the platform's words.
    const again = await sais(['container', code, '--image', image], as(aliceToken));
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(
      "Your team's previous code submission is still running. Submit again to stop it and start this one. (Run the command again with --yes to stop it.)",
    );
    const confirmed = await sais(
      [
        'container',
        code,
        '--image',
        'docker.io/me/private:1',
        '--username',
        'me',
        '--password-stdin',
        '--yes',
        '-m',
        'private image v1',
        '--json',
      ],
      as(aliceToken),
      { input: 'registry-secret\n' },
    );
    expect(confirmed.code).toBe(0);
    expect(JSON.parse(confirmed.stdout)).toMatchObject({
      submissionId: expect.any(String),
      status: 'Waiting',
    });
    const stored = await sql<{
      sealed: boolean;
    }>`select credentials is not null as sealed from scoring.container_runs
      where submission_id = ${JSON.parse(confirmed.stdout).submissionId}`.execute(h.db);
    expect(stored.rows[0]?.sealed).toBe(true);
    const mine = JSON.parse((await sais(['submissions', code, '--json'], as(aliceToken))).stdout);
    expect(mine).toHaveLength(2);
    expect(mine.map((s: { description: string | null }) => s.description)).toEqual([
      'private image v1',
      null,
    ]);
    const noUser = await sais(['container', code, '--image', image, '--password-stdin'], as(aliceToken));
    expect(noUser.code).toBe(2);
  });

  it('submits and lists a smoke run (decision 0049), refused without a smoke split, in both languages', async () => {
    const operator = await h.person(['operator']);
    const code = await h.openCompetition(operator, 'CLI Smoke', undefined, ['container-image']);
    await h.signUp(code, alice);
    const image = 'docker.io/library/alpine:3.20';
    const none = await sais(['container', code, '--image', image, '--smoke'], as(aliceToken));
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^This competition has no smoke split/);
    const noneZh = await sais(
      ['container', code, '--image', image, '--smoke', '--lang', 'zh-CN'],
      as(aliceToken),
    );
    expect(noneZh.stderr).toMatch(/^本比赛未提供试运行数据集/);
    const file = (await h.attachFile(
      operator,
      code,
      'smoke.csv',
      Buffer.from('id,x\ns1,1\n'),
      'dataset',
    )) as {
      fileId: string;
    };
    // The datasets mirror follows the file's event: the operator's call answers 40123 until it has it.
    let set = await operator.web('PUT', '/api/admin/smoke-split', {
      competitionId: code,
      fileId: file.fileId,
      perDay: 2,
    });
    for (let i = 0; i < 50 && set.code !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      set = await operator.web('PUT', '/api/admin/smoke-split', {
        competitionId: code,
        fileId: file.fileId,
        perDay: 2,
      });
    }
    expect(set.code).toBe(0);
    const quota = await sais(['quota', code], as(aliceToken));
    expect(quota.stdout).toContain('smoke runs: 2 of 2 left today on smoke.csv');
    const quotaZh = await sais(['quota', code, '--lang', 'zh-CN'], as(aliceToken));
    expect(quotaZh.stdout).toContain('试运行：今日还可 2 次，共 2 次，数据集 smoke.csv');
    const smoke = await sais(['container', code, '--image', image, '--smoke'], as(aliceToken));
    expect(smoke.stderr).toBe('');
    expect(smoke.stdout).toMatch(
      /^Smoke run of image docker\.io\/library\/alpine:3\.20 \(on the smoke split; uses none of your submissions, never ranked\): submission [0-9a-f-]{36}, status Waiting; 1 smoke runs left today/,
    );
    const listed = await sais(['submissions', code], as(aliceToken));
    expect(listed.stdout).toContain('Waiting (smoke run)');
    const listedZh = await sais(['submissions', code, '--lang', 'zh-CN'], as(aliceToken));
    expect(listedZh.stdout).toContain('Waiting（试运行）');
    const csv = await sais(['submissions', code, '--csv'], as(aliceToken));
    expect(csv.stdout.split('\n')[1]).toMatch(/,true$/);
    const json = JSON.parse((await sais(['submissions', code, '--json'], as(aliceToken))).stdout);
    expect(json[0]).toMatchObject({ smoke: true, status: 'Waiting' });
    // The day's allowance is untouched.
    const after = JSON.parse((await sais(['quota', code, '--json'], as(aliceToken))).stdout);
    expect(after).toMatchObject({ used: 0, smokeRuns: { used: 1, remaining: 1 } });
  });

  it('forms a team: create, apply, accept, cancel, transfer, rename, remove, disband', async () => {
    const bob = await h.person();
    await h.signUp(competitionId, bob);
    const bobToken = (await bob.token(['read', 'team'], 'bob')).token;
    const created = await sais(['team', 'create', competitionId, 'Owls', '--json'], as(aliceToken));
    expect(created.code).toBe(0);
    const { teamId } = JSON.parse(created.stdout) as { teamId: string };
    expect((await sais(['team', 'apply', teamId], as(bobToken))).code).toBe(0);
    const owner = await sais(['team', 'show', competitionId, '--json'], as(aliceToken));
    const application = JSON.parse(owner.stdout).team.applications[0];
    expect(application).toMatchObject({ kind: 'join', userId: bob.accountId });
    expect((await sais(['team', 'accept', application.applicationId], as(aliceToken))).code).toBe(0);
    const seen = await sais(['team', 'show', competitionId], as(bobToken));
    expect(seen.stdout).toMatch(new RegExp(`^Team Owls \\(${teamId}\\); 2/3 members`));

    // A third person asks and thinks better of it.
    const carol = await h.person();
    await h.signUp(competitionId, carol);
    const carolToken = (await carol.token(['read', 'team'], 'carol')).token;
    expect((await sais(['team', 'apply', teamId], as(carolToken))).code).toBe(0);
    const pending = JSON.parse(
      (await sais(['team', 'show', competitionId, '--json'], as(carolToken))).stdout,
    );
    expect((await sais(['team', 'cancel', pending.myApplication.applicationId], as(carolToken))).code).toBe(
      0,
    );
    expect(
      JSON.parse((await sais(['team', 'show', competitionId, '--json'], as(carolToken))).stdout)
        .myApplication,
    ).toBeNull();

    // The owner hands the team to Bob, who renames it, removes Alice, and disbands it.
    expect((await sais(['team', 'transfer', competitionId, bob.accountId], as(aliceToken))).code).toBe(0);
    expect((await sais(['team', 'rename', competitionId, 'Larks'], as(bobToken))).code).toBe(0);
    const renamed = JSON.parse((await sais(['team', 'show', competitionId, '--json'], as(bobToken))).stdout);
    expect(renamed.team).toMatchObject({ name: 'Larks', ownerId: bob.accountId });
    expect((await sais(['team', 'remove', competitionId, alice.accountId], as(bobToken))).code).toBe(0);
    expect((await sais(['team', 'disband', competitionId], as(bobToken))).code).toBe(0);
    const alone = JSON.parse((await sais(['team', 'show', competitionId, '--json'], as(bobToken))).stdout);
    expect(alone.team.solo).toBe(true);
  });

  it('refuses a read token on submit, a revoked and an expired token, with the platform’s message', async () => {
    const dir = await work();
    const file = join(dir, 'result.csv');
    await writeFile(file, resultCsv(3));
    const reader = await alice.token(['read'], 'read only');
    const refused = await sais(['submit', competitionId, '-f', file], as(reader.token));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('This access token does not have the scope this call needs');

    const doomed = await alice.token(['read'], 'doomed');
    expect((await alice.web('POST', '/api/user/tokens/revoke', { tokenId: doomed.tokenId })).code).toBe(0);
    const revoked = await sais(['competitions', 'list'], as(doomed.token));
    expect(revoked.code).toBe(1);
    expect(revoked.stderr.trim()).toBe(
      'This access token has been revoked; create a new one on your user page',
    );
    const zh = await sais(['competitions', 'list'], { ...as(doomed.token), LANG: 'zh_CN.UTF-8' });
    expect(zh.stderr.trim()).toBe('该访问令牌已被撤销，请在个人页面重新创建');

    const old = await alice.token(['read'], 'old');
    await sql`update identity.access_tokens set expires_at = now() - interval '1 second'
      where token_id = ${old.tokenId}`.execute(h.db);
    const expired = await sais(['quota', competitionId], as(old.token));
    expect(expired.code).toBe(1);
    expect(expired.stderr.trim()).toBe('This access token has expired; create a new one on your user page');
  });

  it('takes a slug wherever it takes an id; lists with --search and --sort; signs up, fetches the sample and cancels, in both languages', async () => {
    const operator = await h.person(['operator']);
    const cup = await h.openCompetition(operator, 'Slug Cup', undefined, undefined, {
      slug: 'slug-cup-2027',
      bonus: 5000,
      agreements: [
        {
          agreementId: 'rules',
          title: { en: 'Rules', 'zh-CN': '规则' },
          body: { en: 'Fair.', 'zh-CN': '公平。' },
        },
      ],
    });
    const bob = await h.person();
    await h.verify(bob);
    const bobToken = (await bob.token(['read', 'submit', 'team'], 'bob laptop')).token;

    // The list: words in the slug, the orders.
    const found = await sais(['competitions', 'list', '--search', 'slug-cup'], as(bobToken));
    expect(found.stdout).toMatch(new RegExp(`${cup}\\s+slug-cup-2027\\s+Active`));
    expect(found.stdout).not.toContain(competitionId);
    // In zh-CN: the columns named in Chinese, found by words of the Chinese title.
    const foundZh = await sais(
      ['competitions', 'list', '--search', 'Slug Cup（中文）', '--lang', 'zh-CN'],
      as(bobToken),
    );
    expect(foundZh.code).toBe(0);
    expect(foundZh.stdout.split('\n')[0]).toMatch(/^编号\s+简称\s+状态\s+类型\s+阶段\s+奖金\s+名称\s*$/);
    expect(foundZh.stdout).toMatch(new RegExp(`${cup}\\s+slug-cup-2027\\s.*Slug Cup（中文）`));
    expect(foundZh.stdout).not.toContain(competitionId);
    const noneZh = await sais(
      ['competitions', 'list', '--search', '无此比赛', '--lang', 'zh-CN'],
      as(bobToken),
    );
    expect(noneZh).toMatchObject({ code: 0, stdout: '暂无比赛\n' });
    const order = async (sort: string) =>
      (
        JSON.parse(
          (await sais(['competitions', 'list', '-s', 'Cup', '--sort', sort, '--json'], as(bobToken))).stdout,
        ) as {
          competitionId: string;
        }[]
      ).map((c) => c.competitionId);
    expect(await order('prize')).toEqual([cup, competitionId]);
    expect(await order('title')).toEqual([competitionId, cup]);
    expect(await order('newest')).toEqual([cup, competitionId]);
    expect((await sais(['competitions', 'list', '--sort', 'random'], as(bobToken))).code).toBe(2);

    // By slug: shown, and an unknown one refused in the language asked for.
    const shown = await sais(['competitions', 'show', 'slug-cup-2027', '--lang', 'zh-CN'], as(bobToken));
    expect(shown.stdout).toContain('Slug Cup（中文）');
    expect(shown.stdout).toMatch(/^简称\s+slug-cup-2027$/m);
    expect(shown.stdout).toMatch(/^已报名\s+否$/m);
    const unknown = await sais(['competitions', 'show', 'no-such-cup'], as(bobToken));
    expect(unknown).toMatchObject({ code: 1, stderr: 'This competition does not exist\n' });
    const unknownZh = await sais(['quota', 'no-such-cup', '--lang', 'zh-CN'], as(bobToken));
    expect(unknownZh).toMatchObject({ code: 1, stderr: '该比赛不存在\n' });

    // Sign-up: the agreements named first, accepted with --accept.
    const asked = await sais(['signup', 'slug-cup-2027'], as(bobToken));
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('Signing up accepts these agreements of Slug Cup');
    expect(asked.stderr).toContain('  rules: Rules');
    const signed = await sais(['signup', 'slug-cup-2027', '--accept', '--lang', 'zh-CN'], as(bobToken));
    expect(signed).toMatchObject({
      code: 0,
      stdout: '已报名 Slug Cup（中文）（slug-cup-2027）；已同意的协议：rules\n',
    });
    const again = await sais(['signup', cup], as(bobToken));
    expect(again.stdout).toBe('You are already signed up for Slug Cup (slug-cup-2027)\n');
    await h.signedUpEverywhere(cup, bob);

    // The sample file, by slug: every test id with a placeholder.
    const dir = await work();
    const samplePath = join(dir, 'sample.csv');
    const sample = await sais(['sample', 'slug-cup-2027', '-o', samplePath], as(bobToken));
    expect(sample.code).toBe(0);
    expect(sample.stdout).toMatch(/^Sample submission saved to .*sample\.csv \(\d+ bytes\)/);
    const sampleText = await readFile(samplePath, 'utf8');
    expect(sampleText.split('\n')[0]).toBe('id,yield');
    expect(sampleText).toContain('r1,0');
    const sampleZh = await sais(
      ['sample', 'slug-cup-2027', '-o', join(dir, 'sample-zh.csv'), '--lang', 'zh-CN'],
      as(bobToken),
    );
    expect(sampleZh.code).toBe(0);
    expect(sampleZh.stdout).toMatch(/^提交样例已保存到 .*sample-zh\.csv（\d+ 字节）/);
    expect(await readFile(join(dir, 'sample-zh.csv'), 'utf8')).toBe(sampleText);

    // Submit by slug, then cancel: a scored submission is no longer cancellable (the platform's reason).
    const file = join(dir, 'result.csv');
    await writeFile(file, resultCsv(0));
    const submitted = await sais(
      ['submit', 'slug-cup-2027', '-f', file, '--wait', '--interval', '0.5'],
      as(bobToken),
    );
    expect(submitted.code).toBe(0);
    const submissionId = /submission ([0-9a-f-]{36})/.exec(submitted.stdout)![1]!;
    const cancelled = await sais(['cancel', submissionId], as(bobToken));
    expect(cancelled).toMatchObject({
      code: 1,
      stderr:
        'This submission has already started evaluating (or finished), so it can no longer be cancelled\n',
    });
    const cancelledZh = await sais(['cancel', submissionId, '--lang', 'zh-CN'], as(bobToken));
    expect(cancelledZh.stderr).toBe('该提交已开始评测（或已结束），无法取消\n');
    // Its CSV: the private score stays empty until final results are published.
    const csv = await sais(['submissions', 'slug-cup-2027', '--csv'], as(bobToken));
    expect(csv.stdout.split('\n').find((line) => line.startsWith(submissionId))).toMatch(
      /,preliminary,Completed,\d+(\.\d+)?,,result\.csv,,false$/,
    );
    const table = await sais(['submissions', 'slug-cup-2027', '--lang', 'zh-CN'], as(bobToken));
    expect(table.stdout.split('\n')[0]).toMatch(/私榜得分/);
    const team = await sais(['team', 'show', 'slug-cup-2027', '--json'], as(bobToken));
    expect(JSON.parse(team.stdout)).toMatchObject({ competitionId: cup, signedUp: true });
  });

  it('waits out a 429 (Retry-After) and retries once', async () => {
    const { token } = await alice.token(['read'], 'busy');
    // The command's request waits in a relay while the token's 60 calls per 6 s are spent, so it meets
    // the 429 however long the command took to start (seconds, on a machine running other tests).
    const link = await heldLink(Number(new URL(h.origin).port));
    try {
      const started = Date.now();
      const listing = sais(['competitions', 'list', '--json'], {
        SAIS_URL: `http://127.0.0.1:${link.port}`,
        SAIS_TOKEN: token,
      });
      await link.arrived;
      // 61 calls and more, all at once: well within the window.
      const statuses = await Promise.all(
        Array.from({ length: 70 }, async () => {
          const response = await fetch(new URL('/api/race/list', h.origin), {
            headers: { authorization: `Bearer ${token}` },
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(statuses).toContain(429);
      link.release();
      const listed = await listing;
      const waited = /The platform asks to slow down; waiting (\d+) s, then trying once more/.exec(
        listed.stderr,
      );
      expect(waited).not.toBeNull();
      expect(Date.now() - started).toBeGreaterThanOrEqual(Number(waited![1]) * 1000);
      expect(listed.code).toBe(0);
      expect(JSON.parse(listed.stdout).length).toBeGreaterThan(0);
    } finally {
      await link.close();
    }
  });

  it('answers 2 for bad usage and 3 when the platform cannot be reached (through the installed bin)', async () => {
    const usage = await sais(['submit', competitionId], as(aliceToken), { bin: saisBin });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("required option '-f, --file <path>' not specified");
    const noToken = await sais(['competitions', 'list'], { SAIS_URL: h.origin });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('No access token');
    const down = await sais(['competitions', 'list'], {
      SAIS_URL: 'http://127.0.0.1:9',
      SAIS_TOKEN: aliceToken,
    });
    expect(down.code).toBe(3);
    expect(down.stderr).toContain('Cannot reach the platform at http://127.0.0.1:9');
  });

  it('prints every metric column and the stated order with them, in the table and the CSV (decision 0046)', async () => {
    const operator = await h.person(['operator']);
    const cup = await h.openCompetition(operator, 'Metrics Cup', undefined, undefined, {}, ['mae', 'r2']);
    await h.signUp(cup, alice);
    const dir = await work();
    const file = join(dir, 'result.csv');
    await writeFile(file, resultCsv(2));
    const submitted = await sais(['submit', cup, '-f', file, '--wait', '--interval', '0.5'], as(aliceToken));
    expect(submitted.code).toBe(0);
    const csv = await sais(['leaderboard', cup, '--csv'], as(aliceToken));
    expect(csv.stdout.split('\n')[0]).toBe(
      'rank,team,teamId,participants,organization,score,score:mae,score:r2,submittedAt,entries,lastEntryAt,ladderStep,baseline,description',
    );
    // Error 2 on every row: RMSE 2 and MAE 2; R² from the truth's spread.
    expect(csv.stdout.split('\n')[1]).toMatch(
      new RegExp(`^1,[^,]*,${alice.accountId},[^,]*,[^,]*,2,2,0\\.\\d+,`),
    );
    const table = await sais(['leaderboard', cup], as(aliceToken));
    expect(table.stdout).toContain(
      'Order: lower score first; then the lower mae (a row without it after those with it); then the higher r2',
    );
    expect(table.stdout).toMatch(/\brank\s+score\s+mae\s+r2\s+team\b/);
    const zh = await sais(['leaderboard', cup, '--lang', 'zh-CN'], as(aliceToken));
    expect(zh.stdout).toContain('仍相同时按 mae 低者在前');
    // An organiser-chosen order (issue 37): r2 first; the words follow it, and the seal digests it.
    const chosen = await operator.web('POST', '/api/admin/leaderboard/options', {
      competitionId: cup,
      phase: 'preliminary',
      ladderStep: null,
      blind: false,
      order: ['scores.r2'],
      reason: 'r2 decides',
    });
    expect(chosen.code).toBe(0);
    let reordered = await sais(['leaderboard', cup], as(aliceToken));
    for (let i = 0; i < 30 && !reordered.stdout.includes('Order: higher r2 first'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      reordered = await sais(['leaderboard', cup], as(aliceToken));
    }
    expect(reordered.stdout).toContain(
      'Order: higher r2 first (a row without it after those with it); then the lower score; then the lower mae',
    );
    const zhChosen = await sais(['leaderboard', cup, '--lang', 'zh-CN'], as(aliceToken));
    expect(zhChosen.stdout).toContain(
      '排名规则：按 r2 高者在前（无该指标的行排在有该指标的行之后）；仍相同时分数低者在前',
    );

    // Sealed (form v2), the phase closed, published: `verify-seal` checks the v2 seal.
    const submissionId = /submission ([0-9a-f-]{36})/.exec(submitted.stdout)![1]!;
    let sealed = await operator.web('POST', '/api/admin/leaderboard/seal', {
      competitionId: cup,
      phase: 'preliminary',
    });
    for (let i = 0; i < 50 && sealed.code === 40040; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      sealed = await operator.web('POST', '/api/admin/leaderboard/seal', {
        competitionId: cup,
        phase: 'preliminary',
      });
    }
    expect(sealed).toMatchObject({ code: 0, data: { form: 'v2' } });
    expect(
      (await operator.web('POST', `/api/admin/competitions/${cup}/phases/preliminary/close`, {})).code,
    ).toBe(0);
    let published = await operator.web('POST', '/api/admin/leaderboard/publish', {
      competitionId: cup,
      phase: 'preliminary',
    });
    for (let i = 0; i < 50 && published.code === 40050; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      published = await operator.web('POST', '/api/admin/leaderboard/publish', {
        competitionId: cup,
        phase: 'preliminary',
      });
    }
    expect(published.code).toBe(0);
    let verified = await sais(['verify-seal', cup, 'preliminary'], as(aliceToken));
    for (let i = 0; i < 30 && verified.code !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      verified = await sais(['verify-seal', cup, 'preliminary'], as(aliceToken));
    }
    expect(verified.stdout).toContain('PASS: the published ranking is the sealed one');

    // `verify-score` recomputes every metric from the revealed ground truth and split key.
    const key = (
      (await (await fetch(new URL('/api/transparency/scoring/checkpoints?limit=1', h.origin))).json()) as {
        data: { publicKey: string };
      }
    ).data.publicKey;
    let recomputed = await sais(['verify-score', submissionId, '--key', key], as(aliceToken));
    for (let i = 0; i < 30 && recomputed.code !== 0 && recomputed.stdout.includes('checkpoint'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      recomputed = await sais(['verify-score', submissionId, '--key', key], as(aliceToken));
    }
    expect(recomputed.stdout).toMatch(/PASS {2}public mae \(secondary metric\): recorded 2, recomputed 2\n/);
    expect(recomputed.stdout).toMatch(
      /PASS {2}private r2 \(secondary metric\): recorded 0\.\d+, recomputed 0\.\d+/,
    );
    expect(recomputed.code).toBe(0);

    // My own submissions carry every metric too, the private ones now that the phase is published.
    const mineCsv = await sais(['submissions', cup, '--csv'], as(aliceToken));
    expect(mineCsv.stdout.split('\n')[0]).toBe(
      'submissionId,submittedAt,phase,status,publicScore,privateScore,fileName,description,smoke,score:mae,privateScore:mae,score:r2,privateScore:r2',
    );
    expect(mineCsv.stdout.split('\n').find((line) => line.startsWith(submissionId))).toMatch(
      /,false,2,2,0\.\d+,0\.\d+$/,
    );
    const mineTable = await sais(['submissions', cup], as(aliceToken));
    expect(mineTable.stdout.split('\n')[0]).toMatch(
      /\bmessage\s+mae\s+mae \(private score\)\s+r2\s+r2 \(private score\)$/,
    );
  });
});

/**
 * `sais cancel` of a submission still waiting (decision 0020) against a platform that runs no scoring
 * worker (SCORING_WORKERS=off, as the portal's queue test): a result file waits until it is cancelled,
 * however slow the machine.
 */
describe('sais cancel against a platform whose queue is not taken', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startPlatform({ SCORING_WORKERS: 'off' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('cancels a waiting submission with its allowance back, in English and in zh-CN', async () => {
    const operator = await h.person(['operator']);
    const cup = await h.openCompetition(operator, 'Queue Cup');
    const carol = await h.person();
    await h.signUp(cup, carol);
    const env = {
      SAIS_URL: h.origin,
      SAIS_TOKEN: (await carol.token(['read', 'submit'], 'carol laptop')).token,
    };
    const file = join(await mkdtemp(join(tmpdir(), 'sais-cli-cancel-')), 'result.csv');
    await writeFile(file, resultCsv(0));
    const submit = async () => {
      const submitted = await sais(['submit', cup, '-f', file], env);
      expect(submitted.code).toBe(0);
      expect(submitted.stdout).toContain('status Waiting');
      return /submission ([0-9a-f-]{36})/.exec(submitted.stdout)![1]!;
    };
    const [first, second] = [await submit(), await submit()];
    expect((await sais(['quota', cup], env)).stdout).toMatch(/^18 of 20 submissions left on .*; 2 used$/m);

    const cancelled = await sais(['cancel', first], env);
    expect(cancelled).toEqual({
      code: 0,
      stdout: `Submission ${first} cancelled; its allowance was given back\n`,
      stderr: '',
    });
    const cancelledZh = await sais(['cancel', second, '--lang', 'zh-CN'], env);
    expect(cancelledZh).toEqual({
      code: 0,
      stdout: `提交 ${second} 已取消，本次提交次数已退还\n`,
      stderr: '',
    });
    // Both show as Cancelled, and today's allowance is whole again.
    const lines = (await sais(['submissions', cup, '--csv'], env)).stdout.split('\n');
    for (const id of [first, second])
      expect(lines.find((line) => line.startsWith(id))).toMatch(/,preliminary,Cancelled,/);
    expect((await sais(['quota', cup, '--lang', 'zh-CN'], env)).stdout).toMatch(
      /还可提交 20 次，共 20 次，已用 0 次$/m,
    );
    // Cancelled once: a second cancel is the platform's refusal.
    const again = await sais(['cancel', first, '--lang', 'zh-CN'], env);
    expect(again).toMatchObject({ code: 1, stderr: '该提交已开始评测（或已结束），无法取消\n' });
  });
});
