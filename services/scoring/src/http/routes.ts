// Over 300 lines: all 18 scoring routes in three functions (participant, boards, operator); issue 20 item 4 splits them into http/<area>/ plugins.
import {
  AppError,
  type Authenticator,
  eventStreamResponse,
  nonJsonResponse,
  type Principal,
  type SimpleRestQuery,
  ValidationError,
  bodyCheckedByHandler,
  envelopeOf,
  formFile,
  ok,
  okPage,
  parseSimpleRestList,
  requestLanguage,
  requestMetadata,
  requirePrincipal,
  requireStaff,
  simpleRestQuery,
} from '@sais/kit';
import { errorCodes, scoring } from '@sais/events';
import * as S from './schemas.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Leaderboards } from '../leaderboards.ts';
import type { GroundTruths } from '../ground-truths.ts';
import { type Submissions, descriptionOf, formatRefusalKeys } from '../submissions.ts';
import type { BoardWatch } from '../board-watch.ts';
import type { BoardsAsOf } from '../boards-as-of.ts';
import { scoringCodes } from '../errors.ts';
import { type Operations, type SubmissionListQuery, submissionSortFieldNames } from '../operations.ts';
import type { Standings } from '../standings.ts';
import { competitionIdOf, readResultForm } from './result-form.ts';
import { withDeletedUsers } from './deleted-users.ts';

const R = scoring.responses;

/** A phase named explicitly: there is no default phase for publishing or rescoring (issue 19). */
export const phaseField = z.string({ error: 'phaseRequired' }).trim().min(1, 'phaseRequired').max(40);

/** Files above this size must use the resumable upload (tus, `./tus.ts`). */
export const maxMultipartBytes = scoring.resultFileLimits.multipartBytes;

export async function scoringRoutes(
  root: FastifyInstance,
  {
    submissions,
    leaderboards,
    groundTruths,
    standings,
    operations,
    watch,
    auth,
    boardsAsOf,
  }: {
    /** Boards as of a past time (decision 0019); absent: `asOf` is not offered. */
    boardsAsOf?: BoardsAsOf;
    submissions: Submissions;
    leaderboards: Leaderboards;
    groundTruths: GroundTruths;
    standings: Standings;
    operations: Operations;
    watch: BoardWatch;
    auth: Authenticator;
  },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const serializedPages = new WeakMap<object, Buffer>();
  const tags = ['submission'];
  const byCompetition = z.object({ competitionId: z.uuid() });

  const { asOfCaller, rebuilt } = asOfHelpers(auth, boardsAsOf);

  app.post(
    '/api/submission/upload',
    {
      schema: {
        tags,
        summary:
          'Submit a result file (multipart: competitionId, optional description ≤ 500 characters, file; CSV id,<target>; ≤ 20 MB)',
        consumes: ['multipart/form-data'],
        // The fields in this order: the caller (and the message) are checked before the file is read.
        body: z.object({
          competitionId: z.uuid(),
          description: z.string().max(scoring.submissionDescriptionMax).optional(),
          file: formFile,
        }),
        response: { 200: envelopeOf(R.submissionReceived) },
      },
      validatorCompiler: bodyCheckedByHandler,
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      let competitionId = '';
      let admitted: { teamId: string; day: string } | undefined;
      const metadata = requestMetadata(request, principal.accountId);
      let file;
      let fields: Record<string, string>;
      try {
        ({ file, fields } = await readResultForm(request, {
          maxBytes: maxMultipartBytes,
          // Who and what before the file: a caller who could not submit is refused before it is read;
          // then the header is checked against the ground truth's columns as the file streams.
          beforeFile: async (fields) => {
            competitionId = competitionIdOf(fields);
            descriptionOf(fields.description);
            const checked = await submissions.precheck({
              competitionId,
              accountId: principal.accountId,
              kind: 'result-file',
            });
            admitted = checked;
            return { target: checked.target };
          },
        }));
      } catch (error) {
        await countFormatRefusal(error, admitted, competitionId, principal.accountId, metadata);
        throw error;
      }
      // Checked again: a message sent after the file was not seen before it.
      const description = descriptionOf(fields.description);
      const result = await submissions.receive(
        {
          competitionId,
          accountId: principal.accountId,
          fileName: file.name,
          bytes: file.bytes,
          description,
        },
        metadata,
      );
      return ok(result, 'Submit success');
    },
  );

  /** A file refused for its format while uploading counts against the day's format refusals (0020). */
  async function countFormatRefusal(
    error: unknown,
    admitted: { teamId: string; day: string } | undefined,
    competitionId: string,
    accountId: string,
    metadata: ReturnType<typeof requestMetadata>,
  ) {
    if (!admitted || !(error instanceof AppError) || !formatRefusalKeys.has(error.messageKey)) return;
    await submissions
      .refuseFormat({ competitionId, accountId, ...admitted }, error, metadata)
      .catch((failure: unknown) => root.log.error({ err: failure }, 'could not record a format refusal'));
  }

  app.post(
    '/api/submission/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancel a submission of my team that has not started evaluating; its allowance comes back (decision 0020)',
        body: z.object({ submissionId: z.uuid() }),
        response: { 200: envelopeOf(R.submissionCancelled) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      return ok(
        await submissions.cancel(
          request.body.submissionId,
          principal.accountId,
          requestMetadata(request, principal.accountId),
        ),
      );
    },
  );

  app.get(
    '/api/submission/sample',
    {
      schema: {
        tags,
        summary:
          'A sample submission: id,<target> and every test id (sorted) with a placeholder 0; for participants signed up',
        querystring: byCompetition,
        response: { 200: nonJsonResponse('The sample CSV (an attachment)', ['text/csv']) },
      },
    },
    async (request, reply) => {
      const principal = await requirePrincipal(auth, request);
      const file = await submissions.sample(request.query.competitionId, principal.accountId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.bytes);
    },
  );

  app.get(
    '/api/submission/mine',
    {
      schema: {
        tags,
        summary: 'My team’s submissions: time, status, score, log',
        querystring: byCompetition,
        response: { 200: envelopeOf(z.array(R.mySubmission)) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      return ok(
        await submissions.mine(request.query.competitionId, principal.accountId, requestLanguage(request)),
      );
    },
  );

  app.get(
    '/api/submission/remaining',
    {
      schema: {
        tags,
        summary:
          'Today’s allowance (in the competition’s time zone); failed-by-platform submissions are refunded',
        querystring: byCompetition,
        response: { 200: envelopeOf(R.remainingSubmissions) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      return ok(await submissions.remaining(request.query.competitionId, principal.accountId));
    },
  );

  app.get(
    '/api/submission/file',
    {
      schema: {
        tags,
        summary: 'Download my submitted file',
        querystring: z.object({ submissionId: z.uuid() }),
        response: { 200: nonJsonResponse('The submitted CSV (an attachment)', ['text/csv']) },
      },
    },
    async (request, reply) => {
      const principal = await requirePrincipal(auth, request);
      const file = await submissions.file(request.query.submissionId, principal.accountId);
      return reply
        .type('text/csv')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(file.bytes);
    },
  );

  app.get(
    '/api/submission/myScore',
    {
      schema: {
        tags,
        summary: 'My best public score, rank and score history',
        querystring: byCompetition,
        response: { 200: envelopeOf(R.myScore) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      return ok(
        await leaderboards.myScore(
          request.query.competitionId,
          await submissions.teamOf(request.query.competitionId, principal.accountId),
        ),
      );
    },
  );

  app.get(
    '/api/leaderboard/public',
    {
      schema: {
        tags: ['leaderboard'],
        summary:
          'Public leaderboard of a phase: rank, participants, organisation, score, date of the best submission; with asOf (signed in) the board as it was then (rounded down to the minute; decision 0019)',
        querystring: byCompetition.extend({
          phase: z.string().optional(),
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(50),
          asOf: asOfParam,
        }),
        // Sent as bytes serialized once per change (below), so this documents the answer only.
        response: { 200: envelopeOf(R.leaderboardPage) },
      },
    },
    async (request, reply) => {
      const { asOf, ...query } = request.query;
      if (asOf !== undefined) {
        const { at, accountId, boards } = await asOfCaller(request, asOf);
        const page = await rebuilt(reply, () => boards.page('leaderboard', query, at, accountId));
        return ok(withDeletedUsers(page, requestLanguage(request)));
      }
      // The page cache answers the same page object until the board changes: its envelope is
      // serialized once per change, not once per request (docs/benchmarks.md, leaderboard reads).
      const page = withDeletedUsers(await leaderboards.page(request.query), requestLanguage(request));
      let body = serializedPages.get(page);
      if (!body) serializedPages.set(page, (body = Buffer.from(JSON.stringify(ok(page)))));
      // The envelope's bytes, serialized above (Fastify sends a Buffer as it is).
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/api/admin/groundtruth',
    {
      schema: {
        tags: ['admin: scoring'],
        summary:
          'Operator: the ground truth in force (SHA-256, rows, public rows, metric, who uploaded it and when), or null',
        querystring: z.object({ competitionId: z.uuid() }),
        response: { 200: envelopeOf(S.groundTruthInForce.nullable()) },
      },
    },
    async (request) => {
      await requirePrincipal(auth, request, 'operator');
      return ok(await groundTruths.current(request.query.competitionId));
    },
  );

  app.post(
    '/api/admin/groundtruth',
    {
      schema: {
        tags: ['admin: scoring'],
        summary: `Operator: set a competition’s ground truth (multipart: competitionId, metric ${scoring.metricNames.join('|')}, publicPercent, file id,<target>)`,
        consumes: ['multipart/form-data'],
        body: z.object({
          competitionId: z.uuid(),
          metric: scoring.metricName,
          publicPercent: z.number().int().min(0).max(100).default(50),
          file: formFile,
        }),
        response: {
          200: envelopeOf(z.object({ rows: z.number(), publicRows: z.number(), sha256: z.string() })),
        },
      },
      validatorCompiler: bodyCheckedByHandler,
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request, 'operator');
      const { fields, file } = await readResultForm(request, { maxBytes: 512 * 1024 * 1024 });
      const parsed = z
        .object({
          competitionId: z.uuid(),
          metric: scoring.metricName,
          publicPercent: z.coerce.number().int().min(0).max(100).default(50),
        })
        .safeParse(fields);
      if (!parsed.success)
        throw new ValidationError('invalidRequest', {
          data: { fields: parsed.error.issues.map((i) => i.path.join('.')) },
        });
      return ok(
        await groundTruths.upload(
          parsed.data.competitionId,
          parsed.data.metric,
          parsed.data.publicPercent,
          file.bytes,
          requestMetadata(request, principal.accountId, 'operator'),
        ),
      );
    },
  );

  await finalAndBoardRoutes(root, { submissions, leaderboards, standings, watch, auth, boardsAsOf });
  await operatorRoutes(root, { standings, operations, auth });
}

const boardQuery = z.object({
  competitionId: z.uuid(),
  phase: z.string().max(40).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

/** A past time (ISO 8601) the board is asked as of (decision 0019). */
const asOfParam = z.string().max(40).optional();

/** The two steps of an answer as of a past time (decision 0019), for the public and private boards. */
function asOfHelpers(auth: Authenticator, boardsAsOf: BoardsAsOf | undefined) {
  /** Who asks for a board as of `asOf` (signed in: rebuilds are limited per account) and the step's time. */
  async function asOfCaller(request: FastifyRequest, asOf: string) {
    if (!boardsAsOf) throw new AppError(errorCodes.notAvailable, 'notAvailableYet', 501);
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

async function finalAndBoardRoutes(
  app: FastifyInstance,
  deps: {
    submissions: Submissions;
    leaderboards: Leaderboards;
    standings: Standings;
    watch: BoardWatch;
    auth: Authenticator;
    boardsAsOf?: BoardsAsOf | undefined;
  },
) {
  const { submissions, leaderboards, standings, watch, auth } = deps;
  const { asOfCaller, rebuilt } = asOfHelpers(auth, deps.boardsAsOf);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['submission'];
  // Open event streams end before the server closes, or it would wait for them.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  typed.post(
    '/api/submission/selectFinal',
    {
      schema: {
        tags,
        summary:
          'Choose up to 2 Completed submissions of one phase for the private leaderboard ([] = default: the 2 best public)',
        body: z.object({
          competitionId: z.uuid(),
          submissionIds: z.array(z.uuid()).max(2),
          phase: z.string().max(40).optional(),
        }),
        // null: the team has no submission in that phase yet (its empty choice is recorded all the same).
        response: { 200: envelopeOf(R.finalSelection.nullable()) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      const { competitionId, submissionIds, phase } = request.body;
      const teamId = await submissions.teamOf(competitionId, principal.accountId);
      return ok(
        await standings.selectFinal(
          { competitionId, teamId, accountId: principal.accountId, submissionIds, phase },
          requestMetadata(request, principal.accountId),
        ),
        'Modify success',
      );
    },
  );

  typed.get(
    '/api/submission/final',
    {
      schema: {
        tags,
        summary: 'My team’s final submissions per phase: its own choice, or the default (2 best public)',
        querystring: z.object({ competitionId: z.uuid() }),
        response: { 200: envelopeOf(z.array(R.finalSelection)) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      const { competitionId } = request.query;
      return ok(
        await standings.finalSelection(
          competitionId,
          await submissions.teamOf(competitionId, principal.accountId),
        ),
      );
    },
  );

  typed.get(
    '/api/leaderboard/private',
    {
      schema: {
        tags: ['leaderboard'],
        summary:
          'Private leaderboard of a phase (best private score among each team’s final submissions); hidden until an operator publishes it (operators may preview)',
        querystring: boardQuery.extend({ asOf: asOfParam }),
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
          throw new AppError(scoringCodes.privateLeaderboardHidden, 'privateLeaderboardHidden', 403, {
            data: {
              phase: publication?.phase ?? query.phase ?? null,
              publishedAt: publication?.publishedAt.toISOString() ?? null,
            },
          });
        const page = await rebuilt(reply, () =>
          boards.page('private_leaderboard', { ...query, phase: publication.phase }, at, accountId),
        );
        return ok({
          ...withDeletedUsers(page, requestLanguage(request)),
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

  typed.get(
    '/api/leaderboard/stream',
    {
      schema: {
        tags: ['leaderboard'],
        summary:
          'Server-sent events: `changed` ({competitionId, version}) whenever a leaderboard of the competition changes; reload the page then',
        querystring: z.object({ competitionId: z.uuid() }),
        response: {
          200: eventStreamResponse(
            'Events `ready` ({competitionId, pollMs}) once, then `changed` ({competitionId, version}); a comment every 15 s',
          ),
        },
      },
    },
    async (request, reply) => {
      const { competitionId } = request.query;
      reply.hijack();
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

const listFilter = z.object({
  competitionId: z.uuid().optional(),
  status: z.enum(['Waiting', 'Evaluating', 'Completed', 'Invalid', 'Failed', 'Cancelled']).optional(),
  teamId: z.string().max(100).optional(),
  phase: z.string().max(40).optional(),
  submitterId: z.uuid().optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(100)]).optional(),
  disqualified: z.boolean().optional(),
});

export function parseSubmissionList(query: SimpleRestQuery): SubmissionListQuery {
  const { filter, ...page } = parseSimpleRestList(query, {
    sortFields: [...submissionSortFieldNames, 'id'],
    defaultSort: ['createdAt', 'DESC'],
    filter: listFilter,
  });
  const { id, ...rest } = filter;
  return { ...page, filter: { ...rest, ids: id === undefined ? undefined : [id].flat() } };
}

async function operatorRoutes(
  app: FastifyInstance,
  deps: { standings: Standings; operations: Operations; auth: Authenticator },
) {
  const { standings, operations, auth } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: scoring'];
  /** Operators (and admins); the role recorded on the events is the one that let them in. */
  const operator = async (request: FastifyRequest) =>
    (await requireStaff(auth, request, 'operator')).metadata;
  const idParams = z.object({ id: z.uuid() });
  const reason = z.string().trim().min(1).max(500);

  typed.get(
    '/api/admin/submissions',
    {
      schema: {
        tags,
        summary:
          'Operator: every submission (newest first); sort, range, filter {competitionId, status, teamId, phase, submitterId, id, disqualified}; Content-Range',
        querystring: simpleRestQuery,
        response: { 200: envelopeOf(z.array(S.submissionRecord)) },
      },
    },
    async (request, reply) => {
      await operator(request);
      const query = parseSubmissionList(request.query);
      return okPage(reply, 'submissions', query.from, await operations.list(query, requestLanguage(request)));
    },
  );

  typed.get(
    '/api/admin/submissions/:id',
    {
      schema: {
        tags,
        summary: 'Operator: one submission',
        params: idParams,
        response: { 200: envelopeOf(S.submissionRecord) },
      },
    },
    async (request) => {
      await operator(request);
      return ok(await operations.one(request.params.id));
    },
  );

  typed.post(
    '/api/admin/submissions/:id/rescore',
    {
      schema: {
        tags,
        summary: 'Operator: score one Completed or Invalid submission again with the current ground truth',
        params: idParams,
        response: { 200: envelopeOf(S.rescored) },
      },
    },
    async (request) => {
      const metadata = await operator(request);
      return ok(await operations.rescore(request.params.id, metadata, requestLanguage(request)));
    },
  );

  typed.post(
    '/api/admin/submissions/rescore',
    {
      schema: {
        tags,
        summary:
          'Operator: score every Completed or Invalid submission of one phase (or, with allPhases: true, of every phase) again, after a ground-truth fix; no default phase',
        body: z.object({
          competitionId: z.uuid(),
          phase: z.string().trim().min(1, 'phaseRequired').max(40).optional(),
          allPhases: z.literal(true).optional(),
        }),
        response: { 200: envelopeOf(S.rescoredAll) },
      },
    },
    async (request) => {
      const metadata = await operator(request);
      const { competitionId, phase, allPhases } = request.body;
      // No default phase (issue 19): one phase, or every phase said explicitly.
      if (!phase === !allPhases) throw new ValidationError('phaseRequired', { data: { field: 'phase' } });
      return ok(await operations.rescoreAll(competitionId, phase, metadata));
    },
  );

  typed.post(
    '/api/admin/submissions/:id/disqualify',
    {
      schema: {
        tags,
        summary: 'Operator: disqualify one submission with a reason (it leaves both leaderboards)',
        params: idParams,
        body: z.object({ reason }),
        response: {
          200: envelopeOf(z.object({ submissionId: z.string(), disqualifiedReason: z.string() })),
        },
      },
    },
    async (request) => {
      const metadata = await operator(request);
      return ok(await standings.disqualifySubmission(request.params.id, request.body.reason, metadata));
    },
  );

  typed.post(
    '/api/admin/leaderboard/disqualifyTeam',
    {
      schema: {
        tags,
        summary:
          'Operator: disqualify a team of a competition with a reason (it drops out of both leaderboards)',
        body: z.object({ competitionId: z.uuid(), teamId: z.string().min(1).max(100), reason }),
        response: {
          200: envelopeOf(
            z.object({ competitionId: z.string(), teamId: z.string(), disqualifiedReason: z.string() }),
          ),
        },
      },
    },
    async (request) => {
      const metadata = await operator(request);
      const { competitionId, teamId } = request.body;
      return ok(await standings.disqualifyTeam(competitionId, teamId, request.body.reason, metadata));
    },
  );

  typed.post(
    '/api/admin/leaderboard/publish',
    {
      schema: {
        tags,
        summary:
          'Operator: publish a phase’s private leaderboard (final results) where one operator may (else 40041: propose and approve); final selections close',
        body: z.object({ competitionId: z.uuid(), phase: phaseField }),
        response: { 200: envelopeOf(S.published) },
      },
    },
    async (request) => {
      const metadata = await operator(request);
      return ok(await standings.publish(request.body.competitionId, request.body.phase, metadata));
    },
  );
}
