import type { FastifyInstance } from 'fastify';
import { type Metrics, durationBuckets } from './metrics.ts';

/**
 * `sais_http_request_duration_seconds` by method, route and status. The route is the pattern the request
 * matched (`/api/race/detail`, `/api/user/*`), or `unmatched`: never the raw URL, so the label's values
 * stay few whatever callers send. Call right after createApp, before the routes.
 */
export function observeHttp(app: FastifyInstance, metrics: Metrics): void {
  const duration = metrics.histogram({
    name: 'sais_http_request_duration_seconds',
    help: 'Time from the request arriving to the response sent, by route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: durationBuckets,
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
