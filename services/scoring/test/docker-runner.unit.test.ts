import Docker from 'dockerode';
import { describe, expect, it } from 'vitest';
import { DockerRunner } from '../src/containers/docker-runner.ts';
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
      onPulled: async () => undefined,
    });
    expect(states).toEqual(['pulling']);
    expect(outcome).toMatchObject({
      kind: 'failed',
      platformFault: true,
      reason: 'The container engine of the platform is not available; this run does not count.',
    });
  });
});
