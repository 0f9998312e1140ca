/**
 * Optional email notices (decision 0023) through the whole pipeline, with a real SMTP server in this
 * process: a scored submission's inbox message is also emailed to a participant who turned scoring
 * emails on, in the language they chose, once; nobody else gets one; an SMTP failure is retried without
 * holding up the others; and a restarted platform sends nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { competitionService } from '@sais/competition';
import { identityService } from '@sais/identity';
import { type Platform, createPlatform } from '@sais/kit/platform';
import { kafkaBrokers, testMode } from '@sais/kit/testing';
import { teamService } from '@sais/team';
import { sql } from 'kysely';
import { type ParsedMail, simpleParser } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoringService } from '../src/index.ts';
import { type Web, csv, scoringHarness, waitFor } from './support.ts';

describe('email notices', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let restarted: Platform | undefined;
  let smtp: SMTPServer;
  let smtpUrl: string;
  let competitionId: string;
  const mails: ParsedMail[] = [];
  /** Addresses the SMTP server refuses for now (451: try again later). */
  const refusing = new Set<string>();
  const topicPrefix = `e${randomUUID().slice(0, 8)}.`;
  const env = () => ({
    SAIS_SEED: 'off',
    // PostgreSQL + Kafka, or the embedded default (PGlite, the in-process bus), as the run's mode says.
    ...(testMode() === 'embedded'
      ? {}
      : { KAFKA_BROKERS: kafkaBrokers().join(','), KAFKA_TOPIC_PREFIX: topicPrefix }),
    SCORING_BACKOFF_MS: '20',
    SCORING_BOARD_POLL_MS: '50',
    SMTP_URL: smtpUrl,
    SMTP_FROM: 'notices@sais.test',
    EMAIL_NOTICES_POLL_MS: '100',
    EMAIL_NOTICES_RETRY_MS: '300',
    EMAIL_NOTICES_PER_HOUR: '3',
  });

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        if (refusing.has(address.address)) {
          const error = new Error('mailbox busy, try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
        } else callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            mails.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;
    h = await scoringHarness(env());
    competitionId = await h.competition(
      csv((i) => i),
      { dailySubmissionLimit: 20 },
    );
  }, 120_000);

  afterAll(async () => {
    await restarted?.close();
    await h?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const to = (address: string) =>
    mails.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((t) => t?.text === address));
  const choose = (web: Web, choice: Record<string, unknown>) => web.post('/api/user/emailNotices', choice);
  /** The database of the platform running now (the first one, or the restarted one). */
  const db = () => restarted?.database.db ?? h.db;
  const outbox = (accountId: string) =>
    sql<{ sent_at: Date | null; attempts: number; dropped: string | null; last_error: string | null }>`
      select sent_at, attempts, dropped, last_error from identity.email_outbox where recipient_id = ${accountId}
      order by queued_at`
      .execute(db())
      .then((result) => result.rows);
  const scored = async (person: { web: Web }) => {
    const row = await h.submit(
      person.web,
      competitionId,
      csv((i) => i + 1),
    );
    expect(row.status).toBe('Completed');
    return row;
  };

  it('is off until turned on; the choice is kept with its language and the address it goes to', async () => {
    const person = await h.participant(competitionId);
    const before = await person.web.get('/api/user/emailNotices');
    expect(before.body.data).toEqual({
      scoring: false,
      teams: false,
      verification: false,
      language: 'en',
      email: `${person.username}@example.org`,
      perHour: 3,
    });
    const saved = await choose(person.web, {
      scoring: true,
      teams: false,
      verification: true,
      language: 'zh-CN',
    });
    expect(saved.body).toMatchObject({ code: 0, message: 'Modify success' });
    expect((await person.web.get('/api/user/emailNotices')).body.data).toMatchObject({
      scoring: true,
      teams: false,
      verification: true,
      language: 'zh-CN',
    });
    const events = await h.platform.stores.get('identity')!.readStream(`notices-${person.accountId}`);
    expect(events.map((event) => event.data)).toEqual([
      { accountId: person.accountId, scoring: true, teams: false, verification: true, language: 'zh-CN' },
    ]);
  });

  it('emails a team application to the owner who asked for team notices, naming the applicant, and nothing to one who did not', async () => {
    const owner = await h.participant(competitionId);
    const applicant = await h.participant(competitionId);
    await choose(owner.web, { scoring: false, teams: true, verification: false, language: 'zh-CN' });
    const created = await waitFor(
      () => owner.web.post('/api/team/create', { competitionId, name: '催化小组' }),
      (response) => response.body.code === 0,
      'the team service to know the sign-up',
    );
    const teamId = created.body.data.teamId as string;
    const applied = await waitFor(
      () => applicant.web.post('/api/team/apply', { teamId }),
      (response) => response.body.code === 0,
      'the application',
    );
    const ownerAddress = `${owner.username}@example.org`;
    await waitFor(
      async () => to(ownerAddress).length,
      (n) => n === 1,
      'the team email',
    );
    const mail = to(ownerAddress)[0]!;
    expect(mail.subject).toBe('新的入队申请 · 科学智能竞赛平台');
    // The person is named by their username (the inbox's mark filled in), never by a raw id.
    expect(mail.text).toContain(`${applicant.username} 申请加入您的队伍 催化小组。`);
    expect(mail.text).not.toMatch(/\{\{account:/);
    // Accepted: the applicant is told in the inbox only (they turned nothing on).
    await owner.web.post('/api/team/handleApplication', {
      applicationId: applied.body.data.applicationId,
      agree: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(to(`${applicant.username}@example.org`)).toHaveLength(0);
    expect(await outbox(applicant.accountId)).toEqual([]);
  }, 60_000);

  it('mails a closed account nothing more', async () => {
    const leaving = await h.participant(competitionId);
    await choose(leaving.web, { scoring: true, teams: true, verification: true, language: 'en' });
    expect((await leaving.web.post('/api/user/close', { password: 'secret123' })).body.code).toBe(0);
    // An email queued for it (as one queued just before the closing would be) is given up, not sent.
    await sql`insert into identity.email_outbox (message_id, recipient_id, category)
      values (${randomUUID()}, ${leaving.accountId}, 'scoring')`.execute(db());
    const rows = await waitFor(
      () => outbox(leaving.accountId),
      (found) => found.length === 1 && found[0]!.dropped !== null,
      'the queued email to be given up',
    );
    expect(rows[0]).toMatchObject({ dropped: 'closed', sent_at: null });
    expect(to(`${leaving.username}@example.org`)).toHaveLength(0);
  }, 60_000);

  it('sends at most EMAIL_NOTICES_PER_HOUR emails an hour to a person; the rest stay in the inbox only', async () => {
    const busy = await h.participant(competitionId);
    await choose(busy.web, { scoring: true, teams: false, verification: false, language: 'en' });
    for (let i = 0; i < 4; i++) await scored(busy);
    const rows = await waitFor(
      () => outbox(busy.accountId),
      (found) => found.length === 4 && found.every((row) => row.sent_at || row.dropped),
      'four queued emails to be settled',
    );
    expect(rows.filter((row) => row.sent_at)).toHaveLength(3);
    expect(rows.filter((row) => row.dropped === 'hourly-limit')).toHaveLength(1);
    expect(to(`${busy.username}@example.org`)).toHaveLength(3);
  }, 60_000);

  it('emails an opted-in participant once per scored submission in their language, an opted-out one never, and a restart sends nothing again', async () => {
    const chinese = await h.participant(competitionId);
    const english = await h.participant(competitionId);
    const silent = await h.participant(competitionId);
    await choose(chinese.web, { scoring: true, teams: true, verification: true, language: 'zh-CN' });
    await choose(english.web, { scoring: true, teams: false, verification: false, language: 'en' });
    const chineseAddress = `${chinese.username}@example.org`;
    const englishAddress = `${english.username}@example.org`;

    // The English reader's mail server refuses for now: the Chinese one's email is not held up by it.
    refusing.add(englishAddress);
    const first = await scored(chinese);
    await scored(english);
    await scored(silent);
    await waitFor(
      async () => to(chineseAddress).length,
      (n) => n === 1,
      'the zh-CN email',
    );
    const mail = to(chineseAddress)[0]!;
    expect(mail.subject).toBe('提交已评分 · 科学智能竞赛平台');
    expect(mail.text).toContain('您的提交 result.csv 得分');
    expect(mail.text).toContain('公开排行榜');
    expect(mail.text).toContain('邮件通知');
    expect(mail.text).not.toMatch(/Submission|scored/);
    expect(mail.from?.text).toBe('notices@sais.test');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@notices\.sais>$/);
    expect(first.score).not.toBeNull();
    const failing = await waitFor(
      () => outbox(english.accountId),
      (rows) => rows.length === 1 && rows[0]!.attempts >= 1,
      'the refused email to be put back',
    );
    expect(failing[0]).toMatchObject({ sent_at: null, dropped: null });
    expect(failing[0]!.last_error).toMatch(/451/);
    expect(to(englishAddress)).toHaveLength(0);
    // The opted-out participant has the inbox message, and no email is even queued.
    expect(await outbox(silent.accountId)).toEqual([]);

    // Restart: the first process goes (its mailer with it), a new one starts on the same database and
    // topics while the English server accepts again.
    await h.platform.close();
    refusing.delete(englishAddress);
    restarted = await createPlatform({
      services: [identityService, competitionService, teamService, scoringService],
      // On PostgreSQL a new data folder and the same database; embedded, the database is in the data folder.
      config: h.databaseUrl
        ? {
            dataDir: join(dirname(h.keysDir), 'data2'),
            keysDir: h.keysDir,
            env: { ...env(), DATABASE_URL: h.databaseUrl },
          }
        : { dataDir: h.dataDir, keysDir: h.keysDir, env: env() },
      logger: pino({ level: 'silent' }),
    });
    await restarted.app.ready();
    // The email that failed goes out from the new process, in English.
    await waitFor(
      async () => to(englishAddress).length,
      (n) => n === 1,
      'the retried en email',
    );
    const english1 = to(englishAddress)[0]!;
    expect(english1.subject).toBe('Submission scored · AI for Science Competitions');
    expect(english1.text).toMatch(/^Your submission result\.csv scored [\d.]+ \(.+, public leaderboard\)\./);
    expect(english1.text).toContain('Email notices');
    // Several polls later nothing was sent twice, and the sent rows stay marked.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(to(chineseAddress)).toHaveLength(1);
    expect(to(englishAddress)).toHaveLength(1);
    expect(to(`${silent.username}@example.org`)).toHaveLength(0);
    const rows = await outbox(chinese.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sent_at).not.toBeNull();
  }, 120_000);
});
