/**
 * A private image registry on loopback for container-submission tests, and tiny images built here.
 *
 * The registry is Debian's `docker-registry` (distribution) with htpasswd auth on 127.0.0.1:<free port>;
 * Docker allows plain HTTP for 127.0.0.0/8, so no TLS is needed. Images are built without any download:
 * a base image is imported (`docker import`) from a rootfs holding only Debian's busybox-static, and each
 * test image adds files on top of it with `docker build` (classic builder, local base only). Pushing uses a
 * throw-away DOCKER_CONFIG, so the machine's own docker login is never touched.
 * Needs the Debian packages docker.io, docker-registry, apache2-utils (htpasswd) and busybox-static.
 */
import { execFile, spawn } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const busybox = process.env.SAIS_BUSYBOX ?? '/bin/busybox';
export const baseImage = 'sais-test/busybox:base';

export interface TestRegistry {
  /** host:port, e.g. 127.0.0.1:41234 */
  address: string;
  username: string;
  password: string;
  /** Builds an image (files relative to its root, mode 0755) on the busybox base and pushes it as address/name:tag. */
  push(name: string, files: Record<string, string | Buffer>): Promise<string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The busybox-only base image, imported once per machine (a rootfs tar of busybox and its applet links). */
export async function ensureBaseImage(): Promise<void> {
  const present = await run('docker', ['image', 'inspect', baseImage]).then(
    () => true,
    () => false,
  );
  if (present) return;
  const root = await mkdtemp(join(tmpdir(), 'sais-rootfs-'));
  try {
    const rootfs = join(root, 'rootfs');
    for (const dir of ['bin', 'app', 'etc', 'tmp']) await mkdir(join(rootfs, dir), { recursive: true });
    await copyFile(busybox, join(rootfs, 'bin', 'busybox'));
    await chmod(join(rootfs, 'bin', 'busybox'), 0o755);
    const { stdout } = await run(busybox, ['--list']);
    for (const applet of stdout.split('\n').filter((name) => name && name !== 'busybox'))
      await symlink('busybox', join(rootfs, 'bin', applet));
    await writeFile(
      join(rootfs, 'etc', 'passwd'),
      'root:x:0:0:root:/:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/sh\n',
    );
    await run('tar', ['-C', rootfs, '-cf', join(root, 'rootfs.tar'), '.']);
    await run('docker', ['import', '--change', 'ENV PATH=/bin', join(root, 'rootfs.tar'), baseImage]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

async function waitForRegistry(address: string, child: ReturnType<typeof spawn>) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`docker-registry exited (${child.exitCode})`);
    const status = await fetch(`http://${address}/v2/`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 401 || status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`docker-registry on ${address} did not answer`);
}

export async function startRegistry(
  username = 'tester',
  password = `pw-${Math.random().toString(36).slice(2)}`,
): Promise<TestRegistry> {
  await ensureBaseImage();
  const dir = await mkdtemp(join(tmpdir(), 'sais-registry-'));
  const address = `127.0.0.1:${await freePort()}`;
  const { stdout: htpasswd } = await run('htpasswd', ['-Bbn', username, password]);
  await writeFile(join(dir, 'htpasswd'), htpasswd);
  await writeFile(
    join(dir, 'config.yml'),
    [
      'version: 0.1',
      'log: { level: error }',
      `storage: { filesystem: { rootdirectory: ${join(dir, 'data')} }, delete: { enabled: true } }`,
      `http: { addr: "${address}" }`,
      `auth: { htpasswd: { realm: sais-test, path: ${join(dir, 'htpasswd')} } }`,
      '',
    ].join('\n'),
  );
  const child = spawn('docker-registry', ['serve', join(dir, 'config.yml')], { stdio: 'ignore' });
  await waitForRegistry(address, child);
  const dockerConfig = join(dir, 'docker-config');
  await mkdir(dockerConfig);
  const docker = (args: string[], input?: string) =>
    new Promise<void>((resolve, reject) => {
      const cli = spawn('docker', args, { env: { ...process.env, DOCKER_CONFIG: dockerConfig } });
      let output = '';
      cli.stdout.on('data', (chunk) => (output += chunk));
      cli.stderr.on('data', (chunk) => (output += chunk));
      cli.on('error', reject);
      cli.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`docker ${args[0]} failed: ${output.trim()}`)),
      );
      cli.stdin.end(input ?? '');
    });
  await docker(['login', '--username', username, '--password-stdin', address], password);
  let built = 0;
  return {
    address,
    username,
    password,
    async push(name, files) {
      const context = join(dir, `build-${++built}`);
      await mkdir(context);
      const lines = [`FROM ${baseImage}`];
      for (const [path, content] of Object.entries(files)) {
        const local = `f${lines.length}`;
        await writeFile(join(context, local), content, { mode: 0o755 });
        lines.push(`COPY ${local} ${path}`);
      }
      await writeFile(join(context, 'Dockerfile'), lines.join('\n') + '\n');
      const reference = `${address}/${name}`;
      await docker(['build', '--quiet', '--tag', reference, context]);
      await docker(['push', reference]);
      // Only the registry keeps it: a run must pull it (with the submission's credentials).
      await docker(['image', 'rm', reference]);
      await rm(context, { recursive: true, force: true });
      return reference;
    },
    async stop() {
      child.kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
