import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/platform.ts';

const run = promisify(execFile);
const deploy = join(repositoryRoot, 'infra/deploy');

/** `docker-compose config` of the given files: the deployment as Compose resolves it, nothing started. */
async function config(files: string[], env: Record<string, string>, profile?: string) {
  const args = [
    ...files.flatMap((file) => ['-f', join(deploy, file)]),
    ...(profile ? ['--profile', profile] : []),
  ];
  return run('docker-compose', [...args, 'config'], {
    cwd: deploy,
    env: { PATH: process.env.PATH, ...env },
  }).then(
    ({ stdout }) => ({ ok: true as const, text: stdout }),
    (error: { stderr?: string }) => ({ ok: false as const, text: error.stderr ?? '' }),
  );
}

/**
 * The two-machine deployment's files (decision 0039, infra/deploy/README.md): the start on two hosts is
 * not tried on these one-machine VMs, so the files are checked as Compose resolves them. The main host's
 * PostgreSQL and Kafka are opened on the private address given, and only there; a runner machine's two
 * runners reach them by the deployment's names, mount the shared files read-only and the engine's socket;
 * a missing address or secret is refused with its own sentence, never started with a blank.
 */
describe('the cluster deployment files', () => {
  it('opens the main host’s PostgreSQL and Kafka on the private address only', async () => {
    const main = await config(
      ['compose.yaml', 'cluster.yaml'],
      { SAIS_DB_PASSWORD: 'pw', SAIS_CLUSTER_BIND: '10.0.0.5', SAIS_CONTAINERS: 'on', SAIS_DOCKER_GID: '0' },
      'containers',
    );
    expect(main.ok, main.text).toBe(true);
    expect(main.text).toContain('- 10.0.0.5:5432:5432/tcp');
    expect(main.text).toContain('- 10.0.0.5:9092:9092/tcp');
    // Nothing else is published beyond loopback but those two.
    const published = [...main.text.matchAll(/^\s+- ([\d.]+):\d+:\d+\/tcp$/gm)].map((match) => match[1]);
    expect(published.filter((address) => address !== '127.0.0.1').sort()).toEqual(['10.0.0.5', '10.0.0.5']);

    const unbound = await config(['compose.yaml', 'cluster.yaml'], { SAIS_DB_PASSWORD: 'pw' });
    expect(unbound.ok).toBe(false);
    expect(unbound.text).toContain("set SAIS_CLUSTER_BIND to the main host's private address");
  });

  it('runs two runners on a runner machine against the main host, with the shared files read-only', async () => {
    const env = {
      SAIS_MAIN_HOST: '10.0.0.5',
      SAIS_DB_PASSWORD: 'pw',
      SCORING_CREDENTIALS_KEY: 'credentials-key',
      SAIS_PERSONAL_DATA_MASTER: 'master-key',
      SAIS_DATASETS_DIR: '/mnt/sais-files',
      SAIS_DOCKER_GID: '998',
    };
    const runner = await config(['runner-host.yaml'], env);
    expect(runner.ok, runner.text).toBe(true);
    expect(runner.text).toMatch(/^ {2}scoring-runner:$/m);
    expect(runner.text).toMatch(/^ {4}scale: 2$/m);
    expect(runner.text).toContain('- postgres:10.0.0.5');
    expect(runner.text).toContain('- kafka:10.0.0.5');
    expect(runner.text).toContain('DATABASE_URL: postgres://postgres:pw@postgres:5432/postgres');
    expect(runner.text).toContain('- /mnt/sais-files:/datasets:ro');
    expect(runner.text).toContain('- /var/run/docker.sock:/var/run/docker.sock');
    expect(runner.text).toMatch(/group_add:\n\s+- '998'/);
    // It publishes nothing: a runner machine only calls out.
    expect(runner.text).not.toMatch(/^\s+ports:/m);

    for (const name of ['SAIS_MAIN_HOST', 'SAIS_DATASETS_DIR'] as const) {
      const { [name]: _left, ...without } = env;
      const refused = await config(['runner-host.yaml'], without);
      expect(refused.ok).toBe(false);
      expect(refused.text).toContain(`set ${name} to`);
    }
  });
});
