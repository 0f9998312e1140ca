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
  // The labels of each series, made once: a request observes with an object it finds, not one it builds.
  type Labels = Record<'method' | 'route' | 'status_code', string>;
  const series = new Map<string, Map<string, Map<number, Labels>>>();
  const labelsOf = (method: string, route: string, status: number): Labels => {
    let byRoute = series.get(method);
    if (!byRoute) series.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(route);
    if (!byStatus) byRoute.set(route, (byStatus = new Map()));
    let labels = byStatus.get(status);
    if (!labels) byStatus.set(status, (labels = { method, route, status_code: String(status) }));
    return labels;
  };
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(labelsOf(request.method, route, reply.statusCode), reply.elapsedTime / 1000);
    done();
  });
}
