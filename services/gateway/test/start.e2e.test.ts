import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/platform.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

describe('npm start (embedded default)', () => {
  it('starts with no external servers, prints the URLs, serves a page and /api/docs, and keeps data', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sais-start-'));
    const port = await freePort();
    // No DATABASE_URL / KAFKA_BROKERS: the embedded default.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SAIS_DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    delete env.KAFKA_BROKERS;
    const child = spawn('npm', ['start'], {
      cwd: repositoryRoot,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('API docs')) resolve(text);
        });
        child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${text}`)));
      });
      const portal = output.match(/portal\s+(http\S+)/)![1]!;
      expect(output).toContain('embedded PostgreSQL (PGlite)');
      expect(output).toContain('in-process bus');
      const page = await fetch(portal);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const docs = await fetch(new URL('/api/docs/json', portal));
      expect(((await docs.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
