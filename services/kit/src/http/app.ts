import cookie from '@fastify/cookie';
import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type onRequestHookHandler,
} from 'fastify';
import {
  type ZodTypeProvider,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope, localizeSuccess, ok, requestLanguage } from './envelope.ts';
import { answerClientError, answerFrameworkError } from './client-errors.ts';
import { installErrorHandling } from './errors.ts';
import { refusingNul } from './nul.ts';
import { rememberingQueries } from './remembered-query.ts';
import { installStaffRoutes } from './staff-routes.ts';
import { installSecurityHeaders, refuseCrossSiteWrites, trustProxySetting } from './security.ts';
import { type ReadinessCheck, checkReadiness } from '../observability/readiness.ts';
import { traceRequests } from '../observability/request-trace.ts';

export type { ReadinessCheck } from '../observability/readiness.ts';

export interface AppOptions {
  /** Shown in OpenAPI and logs. */
  title: string;
  /** A pino logger to share, or Fastify logger options. */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  readiness?: ReadinessCheck[];
  /** Upper bound for any multipart file; routes check their own tighter limits. */
  maxUploadBytes?: number;
  /** A proxy passes request bodies through untouched, so it must not parse multipart. */
  multipart?: boolean;
  /** Proxies whose `X-Forwarded-*` headers are believed (`trustedProxiesFrom`); none by default. */
  trustedProxies?: readonly string[];
}

/** Never log what identifies a session or a secret. */
export const redactedLogPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.newPassword2',
  '*.code',
];

export function loggerOptions(level = process.env.LOG_LEVEL ?? 'info'): FastifyServerOptions['logger'] {
  return { level, redact: { paths: redactedLogPaths, censor: '[redacted]' } };
}

function isLoggerInstance(logger: unknown): logger is FastifyBaseLogger {
  return (
    typeof logger === 'object' && logger !== null && typeof (logger as FastifyBaseLogger).child === 'function'
  );
}

const bodiless = new Set(['GET', 'HEAD']);

/**
 * `@fastify/multipart`, with its per-request hooks (an async `onRequest` that watches the connection and
 * an async `onResponse` that deletes the files a request saved) on the routes that can take a body only:
 * a GET or HEAD never carries a form, and these two promises were on every read (issue 32). The plugin
 * adds them to the root as it registers; they are taken aside then and added to each route that takes a
 * body as it registers. Its parser and request decorators are the plugin's as ever.
 */
async function registerMultipart(app: FastifyInstance, options: FastifyMultipartOptions): Promise<void> {
  const taken: { name: 'onRequest' | 'onResponse'; hook: onRequestHookHandler }[] = [];
  const addHook = app.addHook;
  app.addHook = function (this: FastifyInstance, name: string, hook: unknown) {
    if (name === 'onRequest' || name === 'onResponse') {
      taken.push({ name, hook: hook as onRequestHookHandler });
      return this;
    }
    return (addHook as (name: string, hook: unknown) => FastifyInstance).call(this, name, hook);
  } as typeof app.addHook;
  try {
    await app.register(multipart, options);
  } finally {
    app.addHook = addHook;
  }
  app.addHook('onRoute', (route) => {
    if (([] as string[]).concat(route.method).every((method) => bodiless.has(method.toUpperCase()))) return;
    for (const { name, hook } of taken) {
      const own =
        route[name] === undefined ? [] : ([] as onRequestHookHandler[]).concat(route[name] as never);
      route[name] = [...own, hook] as never;
    }
  });
}

/**
 * The Fastify app every service uses: zod validation at the edge, the envelope and translated
 * errors, cookies, multipart, OpenAPI at /api/docs, health and readiness.
 */
export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const logger = options.logger ?? loggerOptions();
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    trustProxy: trustProxySetting(options.trustedProxies),
    // The server's own refusals (headers over the limit, unparsable requests, bad URLs) in the envelope too.
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  // A NUL character in any validated field is the standard 400, never a 500 from the database (issue 33).
  // A query schema marked `rememberQuery` validates each distinct query once (issue 32).
  app.setValidatorCompiler(rememberingQueries(refusingNul(validatorCompiler)));
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // Before any route: every staff route refuses personal access tokens in its first hook (issue 33).
  installStaffRoutes(app);
  // Success messages follow Accept-Language as errors do (errors are translated by the error handler).
  // A synchronous hook: an async one costs every answer a promise and a turn of the microtask queue.
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
    if (
      typeof payload === 'object' &&
      payload !== null &&
      (payload as { code?: unknown }).code === 0 &&
      typeof (payload as { message?: unknown }).message === 'string'
    ) {
      const envelope = payload as { message: string };
      return done(null, {
        ...envelope,
        message: localizeSuccess(envelope.message, requestLanguage(request)),
      });
    }
    done(null, payload);
  });
  // First of the hooks: every answer, errors and 404s included, carries the headers.
  installSecurityHeaders(app);
  refuseCrossSiteWrites(app);
  traceRequests(app);

  await app.register(cookie);
  if (options.multipart !== false)
    await registerMultipart(app, {
      limits: { fileSize: options.maxUploadBytes ?? 20 * 1024 * 1024, files: 4 },
    });
  await app.register(swagger, {
    openapi: {
      info: {
        title: options.title,
        version: '0.1.0',
        description: 'Every response is { code, message, data }.',
      },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness',
        response: { 200: envelopeOf(z.object({ status: z.literal('up') })) },
      },
    },
    async () => ok({ status: 'up' as const }),
  );
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: database, message bus and projections answer in time (docs/operations.md)',
        response: {
          200: envelopeOf(z.object({ checks: z.record(z.string(), z.string()) })),
          503: errorEnvelope,
        },
      },
    },
    async (_request, reply) => {
      const { ready, checks } = await checkReadiness(options.readiness ?? []);
      if (!ready) {
        const failed = Object.keys(checks).filter((name) => checks[name] !== 'ok');
        return reply
          .status(503)
          .send({ code: 503, message: `not ready: ${failed.join(', ')}`, data: { checks } });
      }
      return ok({ checks });
    },
  );
  return app;
}
