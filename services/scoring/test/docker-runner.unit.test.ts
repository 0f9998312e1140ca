import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Docker from 'dockerode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DockerRunner, TailLog, collect, enginePaths, folderBytes } from '../src/containers/docker-runner.ts';
import { runnerSettings } from '../src/containers/settings.ts';

describe('the Docker runner without an engine', () => {
  it('fails the run as the platform’s fault (retried, then refunded), saying the engine is not available', async () => {
    const settings = runnerSettings({}, '/nonexistent');
    // A socket nobody listens on: what a runner meets when dockerd is not running.
    const runner = new DockerRunner(
      { user: settings.user, runtime: settings.runtime },
      new Docker({ socketPath: '/nonexistent/docker.sock' }),
    );
    const states: string[] = [];
    let forgotten = 0;
    const outcome = await runner.run({
      submissionId: '00000000-0000-4000-8000-000000000001',
      attempt: 1,
      image: '127.0.0.1:5000/team/model:1',
      credentials: null,
      pull: true,
      configPath: '/app/run.sh',
      dataDir: '/nonexistent',
      limits: settings.limits,
      signal: new AbortController().signal,
      onState: async (state) => void states.push(state),
      onPulled: async () => void forgotten++,
    });
    // The engine is asked for its runtimes before anything is pulled (decision 0044: a retry keeps the login).
    expect(states).toEqual([]);
    expect(outcome).toMatchObject({
      kind: 'failed',
      platformFault: true,
      verdict: { key: 'engineUnavailable', params: {} },
    });
    // The retry needs the registry login: it is kept.
    expect(forgotten).toBe(0);
  });

  it('does not start a run whose runner is already stopping (aborted: given back, not failed)', async () => {
    const settings = runnerSettings({}, '/nonexistent');
    const runner = new DockerRunner(
      { user: settings.user, runtime: settings.runtime },
      new Docker({ socketPath: '/nonexistent/docker.sock' }),
    );
    const abort = new AbortController();
    abort.abort('the runner is stopping');
    const states: string[] = [];
    let forgotten = 0;
    const outcome = await runner.run({
      submissionId: '00000000-0000-4000-8000-000000000002',
      attempt: 1,
      image: '127.0.0.1:5000/team/model:1',
      credentials: { username: 'u', password: 'p' },
      pull: true,
      configPath: '/app/run.sh',
      dataDir: '/nonexistent',
      limits: settings.limits,
      signal: abort.signal,
      onState: async (state) => void states.push(state),
      onPulled: async () => void forgotten++,
    });
    expect(outcome).toEqual({ kind: 'aborted', log: '' });
    expect(states).toEqual([]);
    expect(forgotten).toBe(0);
  });
});

describe('the paths a runner in a container gives the engine to bind', () => {
  // What the engine answers for the runner's own container (only the fields enginePaths reads).
  const engine = (mounts: { Source: string; Destination: string }[] | null) =>
    ({
      getContainer: () => ({
        inspect: async () => {
          if (!mounts) throw Object.assign(new Error('no such container'), { statusCode: 404 });
          return { Mounts: mounts };
        },
      }),
    }) as unknown as Docker;

  it('translates a path on a volume or bind mount to its source, the longest mount first', async () => {
    const onHost = await enginePaths(
      engine([
        { Source: '/var/lib/docker/volumes/p_appdata/_data', Destination: '/data' },
        { Source: '/bin/busybox', Destination: '/opt/sais/busybox' },
        { Source: '/srv/runs', Destination: '/data/runs' },
      ]),
      true,
    );
    expect(onHost('/data/files/competition/f1')).toBe(
      '/var/lib/docker/volumes/p_appdata/_data/files/competition/f1',
    );
    expect(onHost('/data/runs/s1')).toBe('/srv/runs/s1');
    expect(onHost('/opt/sais/busybox')).toBe('/bin/busybox');
    expect(() => onHost('/tmp/sais-runs/s1')).toThrow(/no volume or bind mount/);
    expect(() => onHost('/database')).toThrow(/no volume or bind mount/);
  });

  it('keeps paths as they are on the host, or in a container the engine does not know', async () => {
    expect((await enginePaths(engine([]), false))('/tmp/sais-runs/s1')).toBe('/tmp/sais-runs/s1');
    expect((await enginePaths(engine(null), true))('/tmp/sais-runs/s1')).toBe('/tmp/sais-runs/s1');
  });
});

describe('the runtime runs use', () => {
  it('is gVisor (runsc) unless SCORING_RUN_RUNTIME says otherwise', () => {
    expect(runnerSettings({}, '/x').runtime).toBe('runsc');
    expect(runnerSettings({ SCORING_RUN_RUNTIME: '' }, '/x').runtime).toBe('runsc');
    expect(runnerSettings({ SCORING_RUN_RUNTIME: 'runc' }, '/x').runtime).toBe('runc');
  });

  it('is not known when the engine does not answer', async () => {
    const runner = new DockerRunner(
      { user: '65534:65534', runtime: 'runsc' },
      new Docker({ socketPath: '/nonexistent/docker.sock' }),
    );
    await expect(runner.hasRuntime()).resolves.toBeNull();
  });
});

describe('collecting the result from the run’s folder', () => {
  const withFolder = async (use: (dir: string) => Promise<void>) => {
    const dir = await mkdtemp(join(tmpdir(), 'sais-result-'));
    try {
      await use(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it('reads result.csv, or the only file, and refuses a link, a folder, too many files or too many bytes', async () => {
    await withFolder(async (dir) => {
      await writeFile(join(dir, 'other.csv'), 'x');
      await writeFile(join(dir, 'result.csv'), 'id,value\n1,2\n');
      const read = await collect(dir, 1024, new TailLog(100));
      expect(read).toMatchObject({ kind: 'result', file: { name: 'result.csv' } });
      expect(read.kind === 'result' && read.file.bytes.toString()).toBe('id,value\n1,2\n');
      expect(await collect(dir, 5, new TailLog(100))).toMatchObject({
        kind: 'invalid',
        verdict: { key: 'resultTooLarge', params: { limit: 0 } },
      });
    });
    await withFolder(async (dir) => {
      // A link the run made to a host file (its target is a path on the host once read there).
      await symlink('/etc/passwd', join(dir, 'result.csv'));
      expect(await collect(dir, 1 << 20, new TailLog(100))).toMatchObject({
        kind: 'invalid',
        verdict: { key: 'resultUnreadable', params: { name: 'result.csv' } },
      });
    });
    await withFolder(async (dir) => {
      await mkdir(join(dir, 'only'));
      expect(await collect(dir, 1 << 20, new TailLog(100))).toMatchObject({
        verdict: { key: 'resultUnreadable' },
      });
      await writeFile(join(dir, 'b.csv'), 'x');
      expect(await collect(dir, 1 << 20, new TailLog(100))).toMatchObject({
        verdict: { key: 'tooManyResultFiles', params: { count: 2 } },
      });
    });
    await withFolder(async (dir) => {
      expect(await collect(dir, 1 << 20, new TailLog(100))).toMatchObject({
        verdict: { key: 'noResultFile', params: {} },
      });
    });
  });

  it('counts every byte under the folder, at any depth, links by their own size only', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 3000 })), {
          maxLength: 8,
        }),
        async (files) => {
          await withFolder(async (dir) => {
            let expected = 0;
            for (const [index, [depth, size]] of files.entries()) {
              const folder = join(dir, ...Array.from({ length: depth }, (_, level) => `d${level}`));
              await mkdir(folder, { recursive: true });
              await writeFile(join(folder, `f${index}`), Buffer.alloc(size));
              expected += size;
            }
            await symlink('/bin/busybox', join(dir, 'link'));
            expected += '/bin/busybox'.length;
            expect(await folderBytes(dir)).toBe(expected);
          });
        },
      ),
      { numRuns: 25 },
    );
  });
});
