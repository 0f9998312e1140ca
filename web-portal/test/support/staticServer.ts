import { readFile, stat } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
};

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}

/**
 * Serves a built single-page app on 127.0.0.1 the way the gateway does: real files when they exist,
 * index.html for any other path. `extraPages` answers fixed paths (e.g. a stand-in for the console).
 */
export async function startStaticServer(
  root: string,
  extraPages: Record<string, string> = {},
): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    const extra = extraPages[pathname];
    if (extra !== undefined) {
      response.writeHead(200, { 'Content-Type': contentTypes['.html'] });
      response.end(extra);
      return;
    }
    const candidate = join(root, normalize(decodeURIComponent(pathname)).replace(/^([/\\]|\.\.)+/, ''));
    void isFile(candidate).then(async (found) => {
      const file = found ? candidate : join(root, 'index.html');
      response.writeHead(200, { 'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream' });
      response.end(await readFile(file));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
