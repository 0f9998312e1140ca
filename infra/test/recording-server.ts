import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface CannedResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface RecordingServer {
  origin: string;
  requests: RecordedRequest[];
  /** Answers the next requests to `path` (any method) with `response`. */
  answer(path: string, response: CannedResponse): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that replies with canned responses and records what it received. */
export async function startRecordingServer(): Promise<RecordingServer> {
  const responses = new Map<string, CannedResponse>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        // A CORS preflight of a browser-like client: allowed, and not recorded.
        response.writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, HEAD',
          'Access-Control-Allow-Headers': String(request.headers['access-control-request-headers'] ?? '*'),
        });
        response.end();
        return;
      }
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const canned = responses.get(url.pathname) ?? { status: 404, body: '' };
      // Any origin may read the answer, so browser-like clients (jsdom's XMLHttpRequest) can call it.
      response.writeHead(canned.status ?? 200, {
        'Content-Type': 'application/json',
        'Access-Control-Allow-Origin': '*',
        ...canned.headers,
      });
      response.end(canned.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answer: (path, response) => void responses.set(path, response),
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
