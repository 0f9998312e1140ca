import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.ts';

export interface MetricsListener {
  /** `http://host:port/metrics` */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Where a process serves `GET /metrics`: its own port, apart from the public one (docs/operations.md).
 * `METRICS_PORT` (default `defaultPort`; `off` serves none; 0 picks a free port), on `METRICS_HOST`
 * (default 127.0.0.1: only this machine; a container sets 0.0.0.0 for its private network).
 */
export function metricsAddress(
  env: NodeJS.ProcessEnv,
  defaultPort: number,
): { port: number; host: string } | null {
  const setting = env.METRICS_PORT?.trim() || String(defaultPort);
  if (setting === 'off') return null;
  const port = Number(setting);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`METRICS_PORT must be a port number or "off", not "${setting}"`);
  return { port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}

/** Serves the registry in Prometheus' text format at `/metrics` (every other path: 404). */
export async function serveMetrics(
  metrics: Metrics,
  address: { port: number; host: string },
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      (error: unknown) =>
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `cannot serve metrics on ${address.host}:${address.port} (${error.code ?? error.message}): ` +
            'set METRICS_PORT to a free port, 0 for any, or off',
          { cause: error },
        ),
      );
    server.once('error', refused);
    server.listen(address.port, address.host, () => {
      server.off('error', refused);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
