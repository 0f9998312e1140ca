// Over 300 lines: the resumable upload end to end: the tus server with its hooks (owner, precheck, reservation),
// the finished file streamed through the line guard, and each tus call documented for the OpenAPI document.
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { type EventMetadata, type Language, scoring, translateWith } from '@sais/events';
import { AppError, ForbiddenError } from '@sais/kit/errors';
import { isStorageUnavailable } from '@sais/kit/db';
import {
  envelopeOf,
  hijack,
  localizeSuccess,
  ok,
  requestLanguage,
  requestMetadata,
  requirePrincipal,
  storageUnavailableAnswer,
} from '@sais/kit/http';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HeaderCheck, LineGuard } from '../../evaluation/line-guard.ts';
import { type ResumableUploads, resumablePolicy } from '../resumable-uploads.ts';
import { descriptionOf, formatRefusalKeys } from '../admission-rules.ts';
import type { Submissions } from '../submissions.ts';
import { scoringErrors } from '../../errors.ts';

/** Where resumable uploads are served (tus 1.0.0: creation, termination, expiration). */
export const tusPath = '/api/submission/tus';
/** The largest result file accepted through tus; multipart takes files up to `maxMultipartBytes`. */
export const maxResumableBytes = scoring.resultFileLimits.resumableBytes;

/** What the Fastify route knows about a request, for the tus hooks (which see only a web Request). */
interface Caller {
  accountId: string;
  language: Language;
  metadata: EventMetadata;
}

/** A hook failure the tus server sends back as our `{ code, message, data }` envelope. */
function refusal(error: AppError, language: Language) {
  return {
    status_code: error.httpStatus,
    body: JSON.stringify({
      code: error.code,
      message: translateWith(error.messageKey, language, error.data),
      data: error.data,
    }),
  };
}

/**
 * Streams a finished upload's file through `LineGuard` and `HeaderCheck` (when the ground truth names
 * its target), keeping nothing: it throws the same 400 errors as the multipart path at the first line
 * over a cap or a wrong header, having read at most that far plus one chunk.
 */
export async function checkLines(path: string, target: string | null): Promise<void> {
  const guard = new LineGuard();
  const header = target ? new HeaderCheck(target) : null;
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    header?.push(chunk);
    guard.push(chunk);
  }
  header?.end();
}

const uploadMetadata = z.object({
  competitionId: z.uuid(),
  filename: z.string().min(1).max(255),
  /** The submitter's message (issue 22): checked by `descriptionOf` at creation and again at the end. */
  description: z.string().nullish(),
});

/**
 * Resumable result-file uploads with the tus protocol (`@tus/server`, bytes on local disk under the
 * service's data folder). Every tus request needs the session cookie; an upload belongs to the
 * account that created it. When the last byte arrives the file goes through the same `receive` as a
 * multipart upload (sign-up, open phase, the quota ledger), then the partial file is deleted; the
 * final PATCH answers with the usual envelope, so the client learns the submission id. Answers the
 * clean-up of expired uploads (their files and rows), which the service's jobs run (jobs.ts).
 */
export async function tusRoutes(
  app: FastifyInstance,
  {
    submissions,
    uploads,
    directory,
  }: { submissions: Submissions; uploads: ResumableUploads; directory: string },
): Promise<ExpiredUploads> {
  const auth = app.authenticator;
  const callers = new WeakMap<IncomingMessage, Caller>();
  const callerOf = (request: Request) => {
    const raw = (request as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const caller = raw && callers.get(raw);
    if (!caller) throw new Error('tus request without a caller');
    return caller;
  };
  const store = new FileStore({
    directory,
    expirationPeriodInMilliseconds: resumablePolicy.expiresAfterMs,
  });
  const tus = new Server({
    path: tusPath,
    datastore: store,
    relativeLocation: true,
    maxSize: maxResumableBytes,
    // Storage unavailable in a hook (decision 0027): the kit's 503 with Retry-After, as every other route.
    onResponseError(request, error) {
      if (!isStorageUnavailable(error)) return undefined;
      const answer = storageUnavailableAnswer(callerOf(request).language);
      const node = (request as Request & { runtime?: { node?: { res?: ServerResponse } } }).runtime?.node;
      for (const [name, value] of Object.entries(answer.headers)) node?.res?.setHeader(name, value);
      return { status_code: answer.status, body: JSON.stringify(answer.body) };
    },
    async onIncomingRequest(request, uploadId) {
      const caller = callerOf(request);
      if (request.method === 'POST' || !uploadId) return;
      const upload = await store.getUpload(uploadId).catch(() => null);
      if (upload && upload.metadata?.accountId !== caller.accountId)
        throw refusal(new ForbiddenError(), caller.language);
    },
    async onUploadCreate(request, upload) {
      const caller = callerOf(request);
      const parsed = uploadMetadata.safeParse(upload.metadata ?? {});
      if (!parsed.success) throw refusal(scoringErrors.fileRequired(), caller.language);
      try {
        // The size must be declared: it is counted against the account's open uploads.
        if (upload.size === undefined)
          throw scoringErrors.invalidRequest({
            data: { header: 'Upload-Length' },
          });
        descriptionOf(parsed.data.description);
        // Refuse early what could not be accepted (sign-up, open phase, allowance); the final check is
        // `receive`'s, under its lock.
        await submissions.precheck({
          competitionId: parsed.data.competitionId,
          accountId: caller.accountId,
          kind: 'result-file',
        });
        await uploads.reserve(caller.accountId, upload.id, upload.size);
      } catch (error) {
        if (error instanceof AppError) throw refusal(error, caller.language);
        throw error;
      }
      return { metadata: { ...upload.metadata, accountId: caller.accountId } };
    },
    async onUploadFinish(request, upload) {
      const caller = callerOf(request);
      const { competitionId, filename, description } = uploadMetadata.parse(upload.metadata);
      const path = join(directory, upload.id);
      try {
        // Who and what first, then the lines and header as the file streams from disk (as for multipart):
        // a line of millions of columns is refused at its 65th, and no refused file is ever held whole.
        const { target } = await submissions.precheck({
          competitionId,
          accountId: caller.accountId,
          kind: 'result-file',
        });
        await checkLines(path, target);
        const bytes = await readFile(path);
        const result = await submissions.receive(
          {
            competitionId,
            accountId: caller.accountId,
            fileName: filename,
            bytes,
            description: descriptionOf(description),
          },
          caller.metadata,
        );
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(ok(result, localizeSuccess('Submit success', caller.language))),
        };
      } catch (error) {
        if (error instanceof AppError && formatRefusalKeys.has(error.messageKey)) {
          const request_ = { competitionId, accountId: caller.accountId };
          await submissions
            .precheck({ ...request_, kind: 'result-file' })
            .then((checked) => submissions.refuseFormat({ ...request_, ...checked }, error, caller.metadata))
            .catch(() => undefined);
        }
        if (error instanceof AppError) throw refusal(error, caller.language);
        throw error;
      } finally {
        await store.remove(upload.id).catch(() => rm(path, { force: true }));
        await uploads.release(upload.id);
      }
    },
  });
  tus.on(
    EVENTS.POST_TERMINATE,
    (_request, _response, uploadId) => void uploads.release(uploadId).catch(() => undefined),
  );

  // tus bodies are raw bytes: leave the stream to the tus server.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  /**
   * The first PATCH of an upload (offset 0): its first line is read and checked against the ground
   * truth's columns before tus sees the body (decision 0020). A wrong header answers at once, the
   * upload is removed and counted as a format refusal; a right one goes on to tus with the bytes read
   * put back in front of the rest. Answers true when it answered the request itself.
   */
  async function headerFirst(request: FastifyRequest, reply: FastifyReply, caller: Caller): Promise<boolean> {
    const uploadId = decodeURIComponent(request.url.split('?')[0]!.split('/').at(-1) ?? '');
    const upload = await store.getUpload(uploadId).catch(() => null);
    const parsed = uploadMetadata.safeParse(upload?.metadata ?? {});
    if (!upload || upload.offset !== 0 || upload.metadata?.accountId !== caller.accountId || !parsed.success)
      return false;
    const answer = (error: AppError) => {
      const { status_code, body } = refusal(error, caller.language);
      reply.raw.writeHead(status_code, {
        'content-type': 'application/json; charset=utf-8',
        'tus-resumable': '1.0.0',
        connection: 'close',
      });
      reply.raw.end(body);
      return true;
    };
    const request_ = { competitionId: parsed.data.competitionId, accountId: caller.accountId };
    let checked: Awaited<ReturnType<Submissions['precheck']>>;
    try {
      checked = await submissions.precheck({ ...request_, kind: 'result-file' });
    } catch (error) {
      if (error instanceof AppError) return answer(error);
      throw error;
    }
    if (!checked.target) return false;
    const check = new HeaderCheck(checked.target);
    const head: Buffer[] = [];
    const body = request.raw[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    try {
      while (!check.done) {
        const next = await body.next();
        if (next.done) {
          check.end();
          break;
        }
        head.push(next.value);
        check.push(next.value);
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await submissions
        .refuseFormat({ ...request_, teamId: checked.teamId, day: checked.day }, error, caller.metadata)
        .catch((failure: unknown) =>
          request.log.error({ err: failure }, 'could not record a format refusal'),
        );
      await store.remove(uploadId).catch(() => rm(join(directory, uploadId), { force: true }));
      await uploads.release(uploadId);
      return answer(error);
    }
    const rest = Readable.from(
      (async function* () {
        yield* head;
        for (;;) {
          const next = await body.next();
          if (next.done) return;
          yield next.value;
        }
      })(),
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    const web = new Request(new URL(request.url, 'http://tus.local'), {
      method: 'PATCH',
      headers,
      body: Readable.toWeb(rest) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    Object.assign(web, { runtime: { node: { req: request.raw, res: reply.raw } } });
    const response = await tus.handleWeb(web);
    reply.raw.writeHead(response.status, Object.fromEntries(response.headers));
    reply.raw.end(Buffer.from(await response.arrayBuffer()));
    return true;
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = await requirePrincipal(auth, request);
    const caller = {
      accountId: principal.accountId,
      language: requestLanguage(request),
      metadata: requestMetadata(request, principal.accountId),
    };
    callers.set(request.raw, caller);
    // The security headers and request ids go out on the tus server's raw answers too.
    hijack(reply);
    if (request.method === 'PATCH' && request.headers['upload-offset'] === '0')
      if (await headerFirst(request, reply, caller)) return;
    await tus.handle(request.raw, reply.raw);
  };
  // The tus 1.0.0 calls, each documented in OpenAPI (the tus server answers them; bodies are bytes).
  const tags = ['submission'];
  const noBody = (description: string, headers: Record<string, string>) =>
    z.undefined().meta({
      description,
      headers: Object.fromEntries(
        Object.entries(headers).map(([name, meaning]) => [name, { type: 'string', description: meaning }]),
      ),
    });
  const tusVersion = { 'Tus-Resumable': 'The tus version: 1.0.0' };
  const uploadParams = z.object({ uploadId: z.string() });
  app.route({
    method: 'POST',
    url: tusPath,
    schema: {
      tags,
      summary: `Resumable upload (tus 1.0.0, decision 0009): create an upload of a result file up to ${maxResumableBytes / 1024 / 1024} MB; headers Upload-Length, Upload-Metadata (competitionId, filename, optional description ≤ 500 characters)`,
      response: {
        201: noBody('Upload created', { ...tusVersion, Location: 'The upload’s address, to PATCH' }),
      },
    },
    handler,
  });
  app.route({
    method: 'OPTIONS',
    url: tusPath,
    schema: {
      tags,
      summary: 'Resumable upload: the tus versions, extensions and largest size the server takes',
      response: {
        204: noBody('What the tus server supports', {
          'Tus-Version': 'Versions supported',
          'Tus-Extension': 'Extensions supported: creation, termination, expiration',
          'Tus-Max-Size': 'The largest upload, in bytes',
        }),
      },
    },
    handler,
  });
  app.route({
    method: 'HEAD',
    url: `${tusPath}/:uploadId`,
    // @fastify/swagger leaves HEAD routes out unless asked: this one is a call of its own.
    config: { swagger: { exposeHeadRoute: true } },
    schema: {
      tags,
      summary: 'Resumable upload: how many bytes the platform holds (to resume from)',
      params: uploadParams,
      response: {
        200: noBody('The upload’s offset', {
          ...tusVersion,
          'Upload-Offset': 'Bytes received',
          'Upload-Length': 'The declared size',
        }),
      },
    },
    handler,
  });
  app.route({
    method: 'PATCH',
    url: `${tusPath}/:uploadId`,
    schema: {
      tags,
      summary:
        'Resumable upload: send bytes from Upload-Offset (Content-Type application/offset+octet-stream); the last ones answer the submission as multipart uploads do',
      params: uploadParams,
      consumes: ['application/offset+octet-stream'],
      response: {
        200: envelopeOf(scoring.responses.submissionReceived).describe(
          'The last bytes arrived: the submission was received',
        ),
        204: noBody('Bytes received', { ...tusVersion, 'Upload-Offset': 'Bytes received so far' }),
      },
    },
    handler,
  });
  app.route({
    method: 'DELETE',
    url: `${tusPath}/:uploadId`,
    schema: {
      tags,
      summary: 'Resumable upload: give an unfinished upload up (its bytes are deleted)',
      params: uploadParams,
      response: { 204: noBody('Upload deleted', tusVersion) },
    },
    handler,
  });
  app.route({
    method: 'OPTIONS',
    url: `${tusPath}/:uploadId`,
    schema: {
      tags,
      summary: 'Resumable upload: as OPTIONS of the creation address',
      params: uploadParams,
      response: { 204: noBody('What the tus server supports', tusVersion) },
    },
    handler,
  });
  return {
    cleanUpExpired: async () => {
      await Promise.all([
        tus.cleanUpExpiredUploads().catch(() => undefined),
        uploads.forgetExpired().catch(() => undefined),
      ]);
    },
  };
}

/** The clean-up of resumable uploads past their expiry: the tus server's files and their rows. */
export interface ExpiredUploads {
  cleanUpExpired(): Promise<void>;
}
