import Docker from 'dockerode';
import { describe, expect, it } from 'vitest';
import { DockerRunner, enginePaths } from '../src/containers/docker-runner.ts';
import { runnerSettings } from '../src/containers/settings.ts';

describe('the Docker runner without an engine', () => {
  it('fails the run as the platform’s fault (retried, then refunded), saying the engine is not available', async () => {
    const settings = runnerSettings({}, '/nonexistent');
    // A socket nobody listens on: what a runner meets when dockerd is not running.
    const runner = new DockerRunner(
      settings.helperBinary,
      settings.user,
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
    expect(states).toEqual(['pulling']);
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
      settings.helperBinary,
      settings.user,
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
