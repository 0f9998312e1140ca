// Over 300 lines: one Docker run end to end (pull, create with limits, exec, out-of-memory check, collect, clean up); the steps share the container and its bounded log.
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { PassThrough, type Readable } from 'node:stream';
import { scoring } from '@sais/events';
import Docker from 'dockerode';
import { registryOf } from './reference.ts';
import type { RunOutcome, RunRequest, Runner } from './runner.ts';

const helper = '/.sais/busybox';
const label = 'org.sais.submission';
const MB = 1024 * 1024;

/** Keeps the last `limit` characters written: the participant-visible run log. */
class TailLog {
  #text = '';
  constructor(private readonly limit: number) {}
  add(chunk: string) {
    this.#text = (this.#text + chunk).slice(-this.limit);
  }
  get text() {
    return this.#text;
  }
}

interface ExecResult {
  exitCode: number | null;
  stdout: Buffer;
}

/**
 * Why a pull failed, in one of a few fixed sentences for the participant: the engine's own text (which
 * tells a closed port from an open one, or names internal hosts) goes to the operators only, in the
 * run's EvaluationFailed event and the log (issue 18, finding 2). It never holds the credentials.
 */
export function pullError(error: unknown, image: string, withCredentials: boolean): scoring.FileRefusal {
  const message = error instanceof Error ? error.message : String(error);
  const params = { image: image.slice(0, 300) };
  if (/unauthorized|authentication required|no basic auth|denied/i.test(message))
    return scoring.fileRefusal(withCredentials ? 'registryUnauthorized' : 'imagePrivate', params);
  if (/manifest unknown|manifest for .* not found/i.test(message))
    return scoring.fileRefusal('imageNotFound', params);
  return scoring.fileRefusal('imageNotPullable', params);
}

/**
 * Paths as the engine's host sees them, for the binds of a run. A runner on the host binds its own
 * paths. A runner in a container (infra/deploy/compose.yaml, Docker creates /.dockerenv in each) binds
 * paths on its mounts, translated to their sources, which it reads by inspecting its own container
 * (named by its hostname); a path on none of its mounts cannot be bound and is refused.
 */
export async function enginePaths(
  docker: Docker,
  inContainer = existsSync('/.dockerenv'),
): Promise<(path: string) => string> {
  if (!inContainer) return (path) => path;
  const self = await docker
    .getContainer(hostname())
    .inspect()
    .catch((error: { statusCode?: number }) => {
      if (error.statusCode === 404) return null; // a container of another engine: its paths are the host's
      throw error;
    });
  if (!self) return (path) => path;
  const mounts = self.Mounts.filter((mount) => mount.Source && mount.Destination).sort(
    (a, b) => b.Destination.length - a.Destination.length,
  );
  return (path) => {
    const mount = mounts.find(
      ({ Destination }) => path === Destination || path.startsWith(`${Destination}/`),
    );
    if (!mount)
      throw new Error(
        `${path} is on no volume or bind mount of the runner's container, so the engine cannot bind it`,
      );
    return mount.Source + path.slice(mount.Destination.length);
  };
}

/**
 * The runner on a Docker Engine (dockerode). Each run is a container whose main process is a static busybox
 * from the host (read-only at /.sais/busybox) that sleeps; the participant's script runs beside it with
 * `exec`, as a non-root user. So the container outlives the script and /saisresult (a size-capped tmpfs, gone
 * when the container stops) can be read after it ended. No network, read-only root, no capabilities,
 * no-new-privileges, memory (no swap), cpu and pids limits; the container is removed afterwards.
 */
export class DockerRunner implements Runner {
  readonly #docker: Docker;
  #paths: Promise<(path: string) => string> | undefined;

  constructor(
    private readonly helperBinary: string,
    private readonly user: string,
    docker?: Docker,
  ) {
    this.#docker = docker ?? new Docker();
  }

  async run(request: RunRequest): Promise<RunOutcome> {
    const log = new TailLog(request.limits.logChars);
    const { limits } = request;
    if (request.signal.aborted) return { kind: 'aborted', log: '' };
    if (request.pull) {
      await request.onState('pulling');
      try {
        await this.#pull(request);
      } catch (error) {
        // Stopped (the runner stopping, the lease lost): not the image's fault, and the credentials stay
        // for the attempt that pulls again.
        if (request.signal.aborted) return { kind: 'aborted', log: '' };
        // No engine to talk to is the platform's fault (retried with the credentials, then refunded); a
        // refused pull is not, and its credentials go.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ECONNREFUSED' || code === 'EACCES')
          return {
            kind: 'failed',
            verdict: scoring.fileRefusal('engineUnavailable', {}),
            log: '',
            platformFault: true,
          };
        await request.onPulled();
        return {
          kind: 'failed',
          verdict: pullError(error, request.image, request.credentials !== null),
          log: '',
          platformFault: false,
          detail: error instanceof Error ? error.message : String(error),
        };
      }
      await request.onPulled();
    }
    const image = await this.#docker
      .getImage(request.image)
      .inspect()
      .catch(() => null);
    if (!image)
      return {
        kind: 'failed',
        verdict: scoring.fileRefusal('imageGone', { image: request.image.slice(0, 300) }),
        log: '',
        platformFault: false,
      };
    if (image.Size > limits.maxImageBytes)
      return this.#tooBig(
        scoring.fileRefusal('imageTooLarge', {
          size: Math.ceil(image.Size / MB),
          limit: limits.maxImageBytes / MB,
        }),
      );
    if ((image.RootFS?.Layers?.length ?? 0) > limits.maxImageLayers)
      return this.#tooBig(
        scoring.fileRefusal('imageTooManyLayers', {
          layers: image.RootFS!.Layers!.length,
          limit: limits.maxImageLayers,
        }),
      );
    if (request.signal.aborted) return { kind: 'aborted', log: '' };
    // Once per process; asked again after a failure (the engine away, say).
    this.#paths ??= enginePaths(this.#docker).catch((error: unknown) => {
      this.#paths = undefined;
      throw error;
    });
    const onHost = await this.#paths;
    const container = await this.#docker.createContainer({
      name: `sais-run-${request.submissionId}-${request.attempt}`,
      Image: request.image,
      Labels: { [label]: request.submissionId },
      User: this.user,
      WorkingDir: '/app',
      Entrypoint: [helper, 'sleep', String(limits.timeoutSeconds + 300)],
      Cmd: [],
      Env: ['SAIS_DATA=/saisdata', 'SAIS_RESULT=/saisresult', 'HOME=/tmp'],
      NetworkDisabled: true,
      HostConfig: {
        NetworkMode: 'none',
        ReadonlyRootfs: true,
        CapDrop: ['ALL'],
        SecurityOpt: ['no-new-privileges'],
        Memory: limits.memoryBytes,
        MemorySwap: limits.memoryBytes,
        NanoCpus: Math.round(limits.cpus * 1e9),
        PidsLimit: limits.pids,
        Binds: [`${onHost(request.dataDir)}:/saisdata:ro`, `${onHost(this.helperBinary)}:${helper}:ro`],
        Tmpfs: {
          '/saisresult': `rw,noexec,nosuid,size=${limits.resultBytes},mode=1777`,
          '/tmp': `rw,noexec,nosuid,size=${limits.resultBytes},mode=1777`,
        },
      },
    });
    try {
      await container.start();
      await request.onState('running');
      const started = Date.now();
      const outcome = await this.#exec(container, [request.configPath], {
        log,
        timeoutMs: limits.timeoutSeconds * 1000,
        signal: request.signal,
      });
      if (request.signal.aborted) return { kind: 'aborted', log: log.text };
      if (outcome === 'timeout')
        return {
          kind: 'failed',
          verdict: scoring.fileRefusal('runTimeout', { seconds: limits.timeoutSeconds }),
          log: log.text,
          platformFault: false,
        };
      if (await this.#outOfMemory(container))
        return {
          kind: 'failed',
          verdict: scoring.fileRefusal('runOutOfMemory', { limit: Math.round(limits.memoryBytes / MB) }),
          log: log.text,
          platformFault: false,
        };
      if (outcome.exitCode === 126 || outcome.exitCode === 127)
        return {
          kind: 'invalid',
          verdict: scoring.fileRefusal('runScriptMissing', {
            path: request.configPath.slice(0, 300),
            exitCode: outcome.exitCode,
          }),
          log: log.text,
        };
      if (outcome.exitCode !== 0)
        return {
          kind: 'invalid',
          verdict: scoring.fileRefusal('runExitCode', {
            exitCode: outcome.exitCode ?? '—',
            seconds: Math.round((Date.now() - started) / 1000),
          }),
          log: log.text,
        };
      await request.onState('collecting');
      return await this.#collect(container, log);
    } finally {
      await container.remove({ force: true }).catch(() => undefined);
    }
  }

  #tooBig(verdict: scoring.FileRefusal): RunOutcome {
    return { kind: 'failed', verdict, log: '', platformFault: false };
  }

  async #pull(request: RunRequest) {
    const authconfig = request.credentials
      ? { ...request.credentials, serveraddress: registryOf(request.image) }
      : undefined;
    const stream = await this.#docker.pull(request.image, authconfig ? { authconfig } : {});
    // Aborted: the request ends, and the engine stops a pull whose client went away.
    const stop = () => (stream as Readable).destroy(new Error('the pull was stopped'));
    request.signal.addEventListener('abort', stop, { once: true });
    try {
      await new Promise((resolve, reject) =>
        this.#docker.modem.followProgress(stream, (error, output) =>
          error ? reject(error) : resolve(output),
        ),
      );
    } finally {
      request.signal.removeEventListener('abort', stop);
    }
  }

  /** Runs a command beside the keeper; stdout kept (bounded), everything also goes to the log. */
  async #exec(
    container: Docker.Container,
    cmd: string[],
    options: { log?: TailLog; timeoutMs?: number; signal?: AbortSignal; maxBytes?: number },
  ): Promise<ExecResult | 'timeout'> {
    const exec = await container.exec({
      Cmd: cmd,
      AttachStdout: true,
      AttachStderr: true,
      WorkingDir: '/app',
    });
    const stream = await exec.start({ hijack: true, stdin: false });
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const kept: Buffer[] = [];
    let size = 0;
    stdout.on('data', (chunk: Buffer) => {
      if (size < (options.maxBytes ?? 0)) kept.push(chunk);
      size += chunk.length;
      options.log?.add(chunk.toString('utf8'));
    });
    stderr.on('data', (chunk: Buffer) => options.log?.add(chunk.toString('utf8')));
    this.#docker.modem.demuxStream(stream, stdout, stderr);
    let timedOut = false;
    const stop = () => void container.kill().catch(() => undefined);
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          stop();
        }, options.timeoutMs)
      : undefined;
    options.signal?.addEventListener('abort', stop, { once: true });
    try {
      await new Promise<void>((resolve) => {
        stream.on('end', resolve);
        stream.on('close', resolve);
        stream.on('error', () => resolve());
      });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
    }
    if (timedOut) return 'timeout';
    // The stream can end a moment before the engine records the exit: ask again for up to 5 s.
    let state = await exec.inspect();
    for (let i = 0; state.Running && i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await exec.inspect();
    }
    return { exitCode: state.ExitCode, stdout: Buffer.concat(kept) };
  }

  /**
   * Whether the kernel killed a process of the container for memory: the cgroup's own counter (v1 or
   * v2), read beside the keeper, asked twice when the exec fails (a busy engine), then the engine's
   * OOMKilled flag, which it sets from the same kernel event.
   */
  async #outOfMemory(container: Docker.Container): Promise<boolean> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await this.#exec(
        container,
        [
          helper,
          'sh',
          '-c',
          'cat /sys/fs/cgroup/memory/memory.oom_control /sys/fs/cgroup/memory.events 2>/dev/null',
        ],
        { maxBytes: 4096 },
      ).catch(() => null);
      if (result && result !== 'timeout') {
        const kills = /oom_kill (\d+)/.exec(result.stdout.toString());
        if (kills !== null && Number(kills[1]) > 0) return true;
        break;
      }
    }
    const state = await container.inspect().then(
      (info) => info.State,
      () => null,
    );
    return state?.OOMKilled === true;
  }

  /** The result file: /saisresult/result.csv, or the only file there. */
  async #collect(container: Docker.Container, log: TailLog): Promise<RunOutcome> {
    const listing = await this.#exec(container, [helper, 'ls', '-1', '/saisresult'], { maxBytes: 64 * 1024 });
    const names = listing === 'timeout' ? [] : listing.stdout.toString().split('\n').filter(Boolean);
    const name = names.includes('result.csv') ? 'result.csv' : names.length === 1 ? names[0]! : null;
    if (!name)
      return {
        kind: 'invalid',
        verdict:
          names.length === 0
            ? scoring.fileRefusal('noResultFile', {})
            : scoring.fileRefusal('tooManyResultFiles', { count: names.length }),
        log: log.text,
      };
    const file = await this.#exec(container, [helper, 'cat', `/saisresult/${name}`], {
      maxBytes: Number.MAX_SAFE_INTEGER,
    });
    if (file === 'timeout' || file.exitCode !== 0)
      return {
        kind: 'invalid',
        verdict: scoring.fileRefusal('resultUnreadable', { name: name.slice(0, 300) }),
        log: log.text,
      };
    return { kind: 'result', file: { name, bytes: file.stdout }, log: log.text };
  }

  async cleanup(submissionId: string): Promise<void> {
    const leftovers = await this.#docker.listContainers({
      all: true,
      filters: { label: [`${label}=${submissionId}`] },
    });
    for (const info of leftovers)
      await this.#docker
        .getContainer(info.Id)
        .remove({ force: true })
        .catch(() => undefined);
  }

  async release(image: string): Promise<void> {
    // In use by another container (or already gone): the engine refuses, and that is fine.
    await this.#docker
      .getImage(image)
      .remove()
      .catch(() => undefined);
  }
}
