import { defineService } from '@sais/kit/platform';
import { loadKey } from '@sais/kit/keys';
import { WorkingDayCalendar } from '@sais/kit/calendar';
import { Accounts, loadAccount, signedInAccount } from './accounts.ts';
import { Sessions, sessionCookie } from './auth/sessions.ts';
import { AccountClosures } from './closure/closures.ts';
import { VerificationCodes } from './codes/codes.ts';
import { logNotices, logSender, smtpNotices, smtpSender } from './codes/delivery.ts';
import { identityMigrations } from './db/migrations.ts';
import { EmailNoticeMailer } from './email/mailer.ts';
import { startIdentityJobs } from './jobs.ts';
import { emailNoticeRoutes } from './http/email-notice-routes.ts';
import { EmailNoticeSettings } from './email/settings.ts';
import { adminRoutes } from './http/admin-routes.ts';
import { closureRoutes } from './http/closure-routes.ts';
import { nameRoutes } from './http/name-routes.ts';
import { userAdminRoutes } from './http/user-admin-routes.ts';
import { identityRoutes } from './http/routes.ts';
import { verificationRoutes } from './http/verification-routes.ts';
import { Inbox } from './inbox/inbox.ts';
import { inboxProjection } from './inbox/projection.ts';
import { UserDirectory } from './users/directory.ts';
import { Verifications } from './verification/verifications.ts';
import { identityStateCheck } from './verification/state-check.ts';
import { identitySignalRoutes } from './http/signal-routes.ts';
import { tokenRoutes } from './http/token-routes.ts';
import { AccessTokens } from './tokens/tokens.ts';
import { IdentitySignals } from './signals/signals.ts';

/**
 * The identity service: accounts, sessions, verification codes, real-name verification and review,
 * message inbox.
 */
export const identityService = defineService({
  name: 'identity',
  schema: 'identity',
  prefixes: [
    '/api/user',
    '/api/code',
    '/api/notify',
    '/api/admin/verifications',
    '/api/admin/identity-signals',
    '/api/admin/users',
    '/api/admin/names',
  ],
  migrations: identityMigrations,
  projections: () => [inboxProjection],
  stateChecks: [identityStateCheck],
  async authenticator({ db, store }) {
    const tokens = new AccessTokens(db, store);
    return {
      async principal(request) {
        // A personal access token (decision 0019): its refusals are thrown, its scopes go along.
        const token = await tokens.resolveRequest(request);
        if (token) {
          const { state } = await loadAccount(store, token.accountId);
          return state.status === 'active'
            ? {
                accountId: state.accountId,
                roles: state.roles,
                token: { tokenId: token.tokenId, scopes: token.scopes },
              }
            : null;
        }
        const state = await signedInAccount(store, request.cookies[sessionCookie]);
        return state?.status === 'active' ? { accountId: state.accountId, roles: state.roles } : null;
      },
    };
  },
  async routes(app, context) {
    const { config, logger, personal } = context;
    const { database: db, store } = app;
    if (!personal) throw new Error('the identity service needs the platform’s personal-data keys');
    const sessions = new Sessions(db, store);
    const codes = new VerificationCodes(store, await loadKey(config, 'code_secret'));
    const accounts = new Accounts(db, store, sessions, codes);
    const { SMTP_URL, SMTP_FROM } = config.env;
    const senders = {
      email: SMTP_URL ? smtpSender(SMTP_URL, SMTP_FROM || 'no-reply@sais.local') : logSender('email', logger),
      phone: logSender('sms', logger),
    };
    logger.info(`verification codes: ${senders.email.description}; ${senders.phone.description}`);
    const verifications = new Verifications(db, store, {
      photoKey: await loadKey(config, 'photo_key'),
      digestKey: await loadKey(config, 'digest_key'),
    });
    await identityRoutes(app, {
      accounts,
      sessions,
      senders,
      secureCookies: config.env.SAIS_SECURE_COOKIES === 'true',
      authStatusOf: async (accountId) => (await verifications.statusOf(accountId)).status,
    });
    await verificationRoutes(app, { accounts, sessions, verifications, inbox: new Inbox(db, store) });
    await app.register(adminRoutes, { accounts, sessions, verifications });
    const calendar = await WorkingDayCalendar.load(config.env);
    const closures = new AccountClosures(db, accounts, sessions, personal, calendar, logger);
    await closureRoutes(app, {
      accounts,
      sessions,
      closures,
      secureCookies: config.env.SAIS_SECURE_COOKIES === 'true',
    });
    const directory = new UserDirectory(db, accounts, (closedAt) => closures.deletionDay(closedAt));
    await userAdminRoutes(app, { db, accounts, sessions, directory, closures });
    await app.register(nameRoutes, { accounts, sessions, directory });
    await app.register(identitySignalRoutes, { accounts, sessions, signals: new IdentitySignals(db, store) });
    await tokenRoutes(app, { accounts, sessions });
    // Optional email notices (decision 0023): the same SMTP settings as the codes, else the log.
    const perHour = Number(config.env.EMAIL_NOTICES_PER_HOUR ?? 10);
    await emailNoticeRoutes(app, {
      accounts,
      sessions,
      settings: new EmailNoticeSettings(db, store, perHour),
    });
    const noticeTransport = SMTP_URL
      ? smtpNotices(SMTP_URL, SMTP_FROM || 'no-reply@sais.local')
      : logNotices(logger);
    const mailer = new EmailNoticeMailer(
      db,
      noticeTransport,
      { perHour, maxAttempts: 8, retryMs: Number(config.env.EMAIL_NOTICES_RETRY_MS ?? 60_000) },
      logger,
    );
    startIdentityJobs(app, { closures, mailer }, config.env, logger);
  },
});

export { Accounts } from './accounts.ts';
export { EmailNoticeMailer } from './email/mailer.ts';
export { AccountClosures, deletionAfterWorkingDays } from './closure/closures.ts';
export { inboxProjection } from './inbox/projection.ts';
export { Sessions, sessionCookie } from './auth/sessions.ts';
export { identityMigrations } from './db/migrations.ts';
export { identityStateCheck } from './verification/state-check.ts';
