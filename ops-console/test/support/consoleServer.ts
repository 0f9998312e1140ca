import { readFile, stat } from 'node:fs/promises';
import { type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface ConsoleServer {
  origin: string;
  /** The user `/api/user/detail` answers with; null = signed out (code 401). */
  user: { nickname: string; roles: string[] } | null;
  /** What `GET /api/admin/<resource>` lists to a signed-in user (simple REST); other calls answer 401. */
  lists: Record<string, Record<string, unknown>[]>;
  apiCalls: string[];
  close(): Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}

/**
 * What the gateway offers the console: the build under /console/ (index.html fallback), the user
 * detail and logout calls, the lists a test sets, and a stand-in for the portal's pages at the site root.
 */
export async function startConsoleServer(distDir: string): Promise<ConsoleServer> {
  const state: Pick<ConsoleServer, 'user' | 'lists' | 'apiCalls'> = { user: null, lists: {}, apiCalls: [] };
  const sendJson = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server: Server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (pathname.startsWith('/api/')) {
      state.apiCalls.push(`${request.method} ${pathname} ${request.headers['accept-language']}`);
      if (pathname === '/api/user/detail' && state.user) {
        return sendJson(response, 200, { code: 0, message: 'ok', data: { id: 1, ...state.user } });
      }
      if (pathname === '/api/user/logout')
        return sendJson(response, 200, { code: 0, message: 'ok', data: null });
      const resource = pathname.startsWith('/api/admin/') ? pathname.slice('/api/admin/'.length) : '';
      const records = state.user && request.method === 'GET' ? state.lists[resource] : undefined;
      if (records) {
        response.setHeader(
          'Content-Range',
          `${resource} 0-${Math.max(records.length - 1, 0)}/${records.length}`,
        );
        return sendJson(response, 200, { code: 0, message: 'ok', data: records });
      }
      return sendJson(response, 401, { code: 401, message: 'not signed in', data: null });
    }
    if (!pathname.startsWith('/console/')) {
      response.writeHead(200, { 'Content-Type': contentTypes['.html'] });
      response.end('<title>portal stand-in</title>');
      return;
    }
    const relative = normalize(decodeURIComponent(pathname.slice('/console/'.length))).replace(
      /^([/\\]|\.\.)+/,
      '',
    );
    const candidate = join(distDir, relative);
    void isFile(candidate).then(async (found) => {
      const file = found ? candidate : join(distDir, 'index.html');
      response.writeHead(200, { 'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream' });
      response.end(await readFile(file));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  });
}
