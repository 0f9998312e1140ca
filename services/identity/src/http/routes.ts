import { envelopeOf, ok, requestLanguage, requestMetadata } from '@sais/kit/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Accounts } from '../accounts.ts';
import type { Sessions } from '../auth/sessions.ts';
import { codePolicy } from '../codes/codes.ts';
import type { CodeSender } from '../codes/delivery.ts';
import { clearSessionCookie, currentSession, requireSession, setSessionCookie } from './context.ts';
import * as S from './schemas.ts';

export interface IdentityHttp {
  accounts: Accounts;
  sessions: Sessions;
  senders: { email: CodeSender; phone: CodeSender };
  secureCookies: boolean;
  authStatusOf(accountId: string): Promise<string>;
}

const nothing = envelopeOf(z.null());
const tags = ['user'];

export async function identityRoutes(
  root: FastifyInstance,
  { accounts, sessions, senders, secureCookies, authStatusOf }: IdentityHttp,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Secure cookies when told (SAIS_SECURE_COOKIES), or when the request came over TLS: directly, or
  // through a trusted proxy's X-Forwarded-Proto (Fastify's `protocol` believes only those).
  const secureFor = (request: FastifyRequest) => secureCookies || request.protocol === 'https';

  app.post(
    '/api/user/register',
    {
      schema: {
        tags,
        summary: 'Register with a username, a password and a verified phone or email',
        body: S.registerBody,
        response: { 200: envelopeOf(z.object({ userId: z.string() })) },
      },
    },
    async (request) => {
      const userId = await accounts.register(request.body, requestMetadata(request));
      return ok({ userId }, 'Register success');
    },
  );

  app.post(
    '/api/user/login',
    {
      schema: {
        tags,
        summary: 'Sign in with username/email/phone and password, or with a code',
        body: S.loginBody,
        response: { 200: envelopeOf(z.object({ userId: z.string() })) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const session =
        'password' in body
          ? await accounts.signIn.login(
              { account: body.username, password: body.password, ip: request.ip },
              requestMetadata(request),
            )
          : await accounts.signIn.loginWithCode({ ...body, ip: request.ip }, requestMetadata(request));
      setSessionCookie(reply, session.token, session.expiresAt, secureFor(request));
      return ok({ userId: session.accountId }, 'Login success');
    },
  );

  app.get(
    '/api/user/logout',
    {
      schema: { tags, summary: 'Sign out: the session is revoked on the server', response: { 200: nothing } },
      // The spec's GET changes state: refused when another site sends it (kit/http/security.ts).
      config: { changesState: true },
    },
    async (request, reply) => {
      const session = await currentSession(request, sessions);
      if (session) await accounts.signIn.logout(session, requestMetadata(request, session.accountId));
      clearSessionCookie(reply, secureFor(request));
      return ok(null);
    },
  );

  app.get(
    '/api/user/detail',
    {
      schema: {
        tags,
        summary: 'The signed-in user (401 envelope when signed out)',
        response: { 200: envelopeOf(S.userDetail) },
      },
    },
    async (request) => {
      const session = await requireSession(request, sessions);
      const account = await accounts.requireAccount(session);
      const p = account.profile;
      return ok({
        userId: account.accountId,
        username: account.username,
        email: account.email,
        phone: account.phone,
        roles: account.roles,
        nickname: p.nickname ?? null,
        description: p.description ?? null,
        countryRegion: p.countryRegion ?? null,
        address: p.address ?? null,
        isStudent: p.isStudent ?? null,
        organization: p.organization ?? null,
        graduationDate: p.graduationDate ?? null,
        avatarUrl: p.avatarUrl ?? null,
        authStatus: await authStatusOf(account.accountId),
        ...(session.token ? { token: { tokenId: session.token.tokenId, scopes: session.token.scopes } } : {}),
      });
    },
  );

  app.post(
    '/api/user/reset',
    {
      schema: {
        tags,
        summary: 'Reset the password with a code sent to the phone or email',
        body: S.resetBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await accounts.passwords.resetPassword(request.body, requestMetadata(request));
      return ok(null, 'Reset success');
    },
  );

  app.post(
    '/api/user/updatePassword',
    {
      schema: {
        tags,
        summary: 'Change the password; every session is revoked',
        body: S.updatePasswordBody,
        response: { 200: nothing },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request, sessions);
      await accounts.requireAccount(session);
      await accounts.passwords.updatePassword(
        session,
        request.body.oldPassword,
        request.body.newPassword,
        requestMetadata(request, session.accountId),
      );
      clearSessionCookie(reply, secureFor(request));
      return ok(null, 'Modify success');
    },
  );

  app.post(
    '/api/user/update',
    { schema: { tags, summary: 'Update profile fields', body: S.profileBody, response: { 200: nothing } } },
    async (request) => {
      const session = await requireSession(request, sessions);
      await accounts.requireAccount(session);
      await accounts.updateProfile(session, request.body, requestMetadata(request, session.accountId));
      return ok(null, 'Update Personal Information success');
    },
  );

  for (const [path, schema, channel] of [
    ['/api/user/updatePhone', S.updatePhoneBody, 'phone'],
    ['/api/user/updateEmail', S.updateEmailBody, 'email'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: `Change the ${channel} with a code sent to the new one`,
          body: schema,
          response: { 200: nothing },
        },
      },
      async (request) => {
        const session = await requireSession(request, sessions);
        await accounts.requireAccount(session);
        const body = request.body as { code: string; phone?: string; email?: string };
        await accounts.changeContact(
          session,
          { channel, address: (body.phone ?? body.email)!, code: body.code },
          requestMetadata(request, session.accountId),
        );
        return ok(null, 'Modify success');
      },
    );
  }

  const codeSent = envelopeOf(z.object({ resendAfterSeconds: z.number().int() }));
  for (const [path, schema, channel] of [
    ['/api/code/sendPhoneCode', S.sendPhoneCodeBody, 'phone'],
    ['/api/code/sendEmailCode', S.sendEmailCodeBody, 'email'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['code'],
          summary: `Send a 6-digit code (10 minutes, 5 tries) to a ${channel}`,
          body: schema,
          response: { 200: codeSent },
        },
      },
      async (request) => {
        const body = request.body as {
          mode: 'login' | 'register' | 'reset' | 'update';
          phone?: string;
          email?: string;
        };
        const address = (body.phone ?? body.email)!.trim();
        const session = await currentSession(request, sessions);
        const { code, deliver } = await accounts.sendCode(
          { channel, address, purpose: body.mode, ip: request.ip, session },
          requestMetadata(request, session?.accountId ?? null),
        );
        // Nothing goes to an address no account uses; the answer is the same (no account enumeration).
        if (deliver)
          await senders[channel].send({
            to: address,
            code,
            purpose: body.mode,
            language: requestLanguage(request),
          });
        return ok({ resendAfterSeconds: codePolicy.resendSeconds }, 'Verify code send success');
      },
    );
  }
}
