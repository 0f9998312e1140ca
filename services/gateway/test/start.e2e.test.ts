import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/platform.ts';
import { freePort, submitToSeededTrack } from './support.ts';

const run = promisify(execFile);

describe('npm start (embedded default)', () => {
  it('starts with no external servers, serves a page and /api/docs, and a participant gets a result on the leaderboard', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sais-start-'));
    const port = await freePort();
    const metricsPort = await freePort();
    // No DATABASE_URL / KAFKA_BROKERS: the embedded default.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SAIS_DATA_DIR: dataDir,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    delete env.KAFKA_BROKERS;
    // Accounts from the command line, as the README says (before start: PGlite is one process at a time).
    const admin = (...args: string[]) =>
      run('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: repositoryRoot, env });
    await admin('create', 'alice2027', 'alice2027@example.org', 'Alice1234');
    await admin('create', 'staff2027', 'staff2027@example.org', 'Staff1234', 'reviewer', 'operator');
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
      await submitToSeededTrack(portal);

      // The process's metrics, on their own port (docs/operations.md); not on the public one.
      const metricsUrl = output.match(/metrics\s+(http\S+)/)![1]!;
      expect(metricsUrl).toBe(`http://127.0.0.1:${metricsPort}/metrics`);
      const metrics = await (await fetch(metricsUrl)).text();
      expect(metrics).toMatch(/^sais_submissions\{status="Completed"\} 1$/m);
      expect(metrics).toMatch(/^sais_scoring_duration_seconds_count\{metric="\w+"\} 1$/m);
      expect(metrics).toMatch(/^sais_projection_lag_seconds\{projection="scoring\.leaderboard"\} /m);
      expect(await (await fetch(new URL('/metrics', portal))).text()).not.toMatch(/# TYPE|sais_/);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      // npm exits before the platform's process has closed its database: retry while it still writes.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
      await rm(`${dataDir}-keys`, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
      await rm(`${dataDir}-transparency`, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
    }
  }, 300_000);
});
