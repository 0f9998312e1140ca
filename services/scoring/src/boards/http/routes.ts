import { AppError } from '@sais/kit/errors';
import {
  type Authenticator,
  type Principal,
  envelopeOf,
  eventStreamResponse,
  hijack,
  ok,
  rememberQuery,
  requestLanguage,
  requirePrincipal,
} from '@sais/kit/http';
import { scoring } from '@sais/events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BoardWatch } from '../live.ts';
import type { BoardsAsOf } from '../as-of.ts';
import { type Leaderboards, withShakeUp } from '../leaderboards.ts';
import { withDeletedUsers } from '../../http/deleted-users.ts';
import { PublicPages } from '../public-pages.ts';
import { scoringErrors } from '../../errors.ts';
import { type StreamLimits, StreamSlots } from '../stream-limits.ts';

const R = scoring.responses;

const Q = scoring.requests;

/** The two steps of an answer as of a past time (decision 0019), for the public and private boards. */
function asOfHelpers(auth: Authenticator, boardsAsOf: BoardsAsOf | undefined) {
  /** Who asks for a board as of `asOf` (signed in: rebuilds are limited per account) and the step's time. */
  async function asOfCaller(request: FastifyRequest, asOf: string) {
    if (!boardsAsOf) throw scoringErrors.notAvailableYet();
    const principal = await requirePrincipal(auth, request);
    return { at: boardsAsOf.stepOf(asOf), accountId: principal.accountId, boards: boardsAsOf };
  }
  /** Runs a rebuild; a refusal for too many carries `Retry-After`, as the platform's other 429s. */
  async function rebuilt<T>(reply: FastifyReply, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      const retry =
        error instanceof AppError ? (error.data as { retryAfterSeconds?: number } | undefined) : undefined;
      if (retry?.retryAfterSeconds) reply.header('retry-after', String(retry.retryAfterSeconds));
      throw error;
    }
  }
  return { asOfCaller, rebuilt };
}

const isOperator = (principal: Principal | null) =>
  Boolean(principal && (principal.roles.includes('operator') || principal.roles.includes('admin')));

/**
 * The leaderboards (`/api/leaderboard/*`): the public board (anyone; as of a past time signed in), the
 * private board (once published; operators preview), and the server-sent events of their changes.
 */
export async function boardRoutes(
  root: FastifyInstance,
  {
    leaderboards,
    watch,
    boardsAsOf,
    streamLimits,
  }: {
    leaderboards: Leaderboards;
    watch: BoardWatch;
    /** Boards as of a past time (decision 0019); absent: `asOf` is not offered. */
    boardsAsOf?: BoardsAsOf;
    /** Open live-leaderboard connections allowed per address and in total (issue 33). */
    streamLimits: StreamLimits;
  },
) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const publicPages = new PublicPages();
  const { asOfCaller, rebuilt } = asOfHelpers(auth, boardsAsOf);
  // Open event streams end before the server closes, or it would wait for them.
  const streams = new Set<() => void>();
  const slots = new StreamSlots(streamLimits);
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get(
    '/api/leaderboard/public',
    {
      schema: {
        tags: ['leaderboard'],
        summary:
          'Public leaderboard of a phase: rank, participants, organisation, score, date of the best submission; with asOf (signed in) the board as it was then (rounded down to the minute; decision 0019)',
        // A pure function of the query: each distinct query is validated once (issue 32).
        querystring: rememberQuery(Q.publicBoardQuery),
        // Sent as bytes serialized once per change (below), so this documents the answer only.
        response: { 200: envelopeOf(R.leaderboardPage) },
      },
    },
    (request, reply) => {
      // The page cache answers the same page object until the board changes: its envelope is
      // serialized once per change (per language when it names a deleted person), with its entity tag,
      // not once per request (docs/benchmarks.md, issue 32). A page it holds is answered at once,
      // without a promise; anything else (a page to read, a board as of a past time) below.
      const cached = request.query.asOf === undefined ? leaderboards.cachedPage(request.query) : undefined;
      if (cached && !cached.options.blind) {
        publicPages.send(cached, request, reply);
        return;
      }
      return (async () => {
        const { asOf, ...query } = request.query;
        const page = cached ?? (await leaderboards.page(query));
        // A blind phase's public board is for operators only (decision 0045), as of any time too.
        if (page.options.blind && !isOperator(await auth.principal(request)))
          throw scoringErrors.publicBoardBlind({ data: { phase: page.phase } });
        if (asOf !== undefined) {
          const { at, accountId, boards } = await asOfCaller(request, asOf);
          const past = await rebuilt(reply, () => boards.page('leaderboard', query, at, accountId));
          return ok(withDeletedUsers({ ...past, options: page.options }, requestLanguage(request)));
        }
        return publicPages.send(page, request, reply);
      })();
    },
  );

  app.get(
    '/api/leaderboard/private',
    {
      schema: {
        tags: ['leaderboard'],
        summary:
          'Private leaderboard of a phase (best private score among each team’s final submissions); hidden until an operator publishes it (operators may preview)',
        querystring: Q.privateBoardQuery,
        response: { 200: envelopeOf(R.privateLeaderboardPage) },
      },
    },
    async (request, reply) => {
      const { asOf, ...query } = request.query;
      if (asOf !== undefined) {
        // As of a time: only from its publication on, for everyone (operators preview the live one).
        const { at, accountId, boards } = await asOfCaller(request, asOf);
        const publication = await boards.publication(query.competitionId, query.phase);
        if (!publication || at < publication.publishedAt)
          throw scoringErrors.privateLeaderboardHidden({
            data: {
              phase: publication?.phase ?? query.phase ?? null,
              publishedAt: publication?.publishedAt.toISOString() ?? null,
            },
          });
        const page = await rebuilt(reply, () =>
          boards.page('private_leaderboard', { ...query, phase: publication.phase }, at, accountId),
        );
        return ok({
          ...withDeletedUsers({ ...page, records: withShakeUp(page.records) }, requestLanguage(request)),
          options: await leaderboards.options(query.competitionId, publication.phase),
          published: true,
          publishedAt: publication.publishedAt.toISOString(),
        });
      }
      const preview = isOperator(await auth.principal(request));
      return ok(
        withDeletedUsers(await leaderboards.privatePage(request.query, preview), requestLanguage(request)),
      );
    },
  );

  app.get(
    '/api/leaderboard/stream',
    {
      schema: {
        tags: ['leaderboard'],
        summary:
          'Server-sent events: `changed` ({competitionId, version}) whenever a leaderboard of the competition changes; reload the page then',
        querystring: Q.competitionQuery,
        response: {
          200: eventStreamResponse(
            'Events `ready` ({competitionId, pollMs}) once, then `changed` ({competitionId, version}); a comment every 15 s',
          ),
        },
      },
    },
    async (request, reply) => {
      const { competitionId } = request.query;
      // A slot per open connection, per address and in total (issue 33): refused in the envelope.
      let release: () => void;
      try {
        release = slots.take(request.ip);
      } catch (error) {
        const retry = (error as AppError).data as { retryAfterSeconds?: number } | null;
        if (retry?.retryAfterSeconds) reply.header('retry-after', String(retry.retryAfterSeconds));
        throw error;
      }
      hijack(reply);
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) =>
        out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      out.write(`retry: 3000\n\n`);
      send('ready', { competitionId, pollMs: watch.pollMs });
      const unsubscribe = watch.subscribe(competitionId, (version) =>
        send('changed', { competitionId, version }),
      );
      const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), 15_000);
      heartbeat.unref();
      const end = () => {
        release();
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(end);
        if (!out.writableEnded) out.end();
      };
      streams.add(end);
      request.raw.on('close', end);
      out.on('close', end);
    },
  );
}
