// Over 300 lines: one Docker run end to end (pull, create with limits, run, watch the result folder, collect, clean up); the steps share the container and its bounded log.
import { constants, existsSync } from 'node:fs';
import { chmod, lstat, mkdir, open, readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { PassThrough, type Readable } from 'node:stream';
import { scoring } from '@sais/events';
import Docker from 'dockerode';
import { type ProcessCount, processCount } from './process-count.ts';
import { registryOf } from './reference.ts';
import type { RunOutcome, RunRequest, Runner } from './runner.ts';

const label = 'org.sais.submission';
const MB = 1024 * 1024;

/** Keeps the last `limit` characters written: the participant-visible run log. */
export class TailLog {
  #text = '';
  constructor(private readonly limit: number) {}
  add(chunk: string) {
    this.#text = (this.#text + chunk).slice(-this.limit);
  }
  get text() {
    return this.#text;
  }
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
  const self = await ownContainer(docker, inContainer);
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
 * The runner's own container as the engine sees it, or null: a runner not in a container, or in a
 * container of another engine (this project's test machines run their engine inside their own
 * container), shares the engine's view of paths and cgroups.
 */
export async function ownContainer(
  docker: Docker,
  inContainer = existsSync('/.dockerenv'),
): Promise<Docker.ContainerInspectInfo | null> {
  if (!inContainer) return null;
  return docker
    .getContainer(hostname())
    .inspect()
    .catch((error: { statusCode?: number }) => {
      if (error.statusCode === 404) return null; // a container of another engine
      throw error;
    });
}

/** The runtimes the engine has registered (`docker info`'s Runtimes), or null when the engine does not answer. */
export async function engineRuntimes(docker: Docker): Promise<string[] | null> {
  const info = await docker.info().catch(() => null);
  return info ? Object.keys((info as { Runtimes?: Record<string, unknown> }).Runtimes ?? {}) : null;
}

export interface DockerRunnerOptions {
  /** The uid:gid runs use; never root. */
  user: string;
  /** The engine runtime of runs: `runsc` (gVisor, the default) or `runc` (SCORING_RUN_RUNTIME). */
  runtime: string;
  /** How often the result folder's size is checked during a run. */
  watchMs?: number;
}

/** The outcome of the run script, the container's main process. */
type Ended =
  | { kind: 'exited'; exitCode: number; oomKilled: boolean }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'resultTooLarge' }
  | { kind: 'notStarted'; message: string };

/**
 * The runner on a Docker Engine (dockerode), sandboxed by gVisor (`runsc`) by default (decision 0037). The
 * participant's run script is the container's main process; nothing is ever exec'd into the container
 * (`docker exec` into runsc containers hangs at times). /saisresult is a host folder of the run (mode 0777,
 * beside its staged datasets) bound read-write; the runner watches its size during the run (the run is
 * stopped past the limit, and the kernel caps each file at it: RLIMIT_FSIZE) and reads the result from it
 * after the container exited, a regular file only (never through a link). No network, read-only root, user
 * 65534, no capabilities, no-new-privileges, memory (no swap), cpu and pids limits; the container and the
 * folders are removed afterwards. A runtime the engine does not have refuses every run (a platform fault:
 * retried, then refunded), never runs it without the sandbox asked for.
 */
export class DockerRunner implements Runner {
  readonly #docker: Docker;
  #paths: Promise<(path: string) => string> | undefined;
  /** Where the runs' process counts are read, once per process (null: not on this engine). */
  #counts: Promise<ProcessCount | null> | undefined;

  constructor(
    private readonly options: DockerRunnerOptions,
    docker?: Docker,
  ) {
    this.#docker = docker ?? new Docker();
  }

  /** Whether the engine has the runtime asked for: true, false, or null when the engine does not answer. */
  async hasRuntime(): Promise<boolean | null> {
    const runtimes = await engineRuntimes(this.#docker);
    return runtimes === null ? null : runtimes.includes(this.options.runtime);
  }

  async run(request: RunRequest): Promise<RunOutcome> {
    const log = new TailLog(request.limits.logChars);
    const { limits } = request;
    if (request.signal.aborted) return { kind: 'aborted', log: '' };
    // Never without the sandbox asked for: the platform's fault (retried, then refunded), said plainly.
    // Asked before the pull: a retry must still have the registry login, which a pull deletes.
    const runtimes = await engineRuntimes(this.#docker);
    if (runtimes === null || !runtimes.includes(this.options.runtime))
      return {
        kind: 'failed',
        verdict:
          runtimes === null
            ? scoring.fileRefusal('engineUnavailable', {})
            : scoring.fileRefusal('sandboxUnavailable', { runtime: this.options.runtime }),
        log: '',
        platformFault: true,
        detail:
          runtimes === null
            ? 'the engine did not answer'
            : `the engine has no runtime ${this.options.runtime} (it has ${runtimes.join(', ')})`,
      };
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
    const counts = await this.#processCount();
    const name = `sais-run-${request.submissionId}-${request.attempt}`;
    const resultDir = `${request.dataDir}.result`;
    await rm(resultDir, { recursive: true, force: true });
    await mkdir(resultDir, { recursive: true });
    await chmod(resultDir, 0o777); // the run's user writes it, whatever this process's umask
    try {
      const container = await this.#docker.createContainer({
        name,
        Image: request.image,
        Labels: { [label]: request.submissionId },
        User: this.options.user,
        WorkingDir: '/app',
        Entrypoint: [request.configPath],
        Cmd: [],
        Env: ['SAIS_DATA=/saisdata', 'SAIS_RESULT=/saisresult', 'HOME=/tmp'],
        NetworkDisabled: true,
        AttachStdout: true,
        AttachStderr: true,
        HostConfig: {
          Runtime: this.options.runtime,
          NetworkMode: 'none',
          ReadonlyRootfs: true,
          CapDrop: ['ALL'],
          SecurityOpt: ['no-new-privileges'],
          Memory: limits.memoryBytes,
          MemorySwap: limits.memoryBytes,
          NanoCpus: Math.round(limits.cpus * 1e9),
          PidsLimit: limits.pids,
          // No file the run writes grows past the result limit (SIGXFSZ), in /saisresult or /tmp.
          Ulimits: [{ Name: 'fsize', Soft: limits.resultBytes, Hard: limits.resultBytes }],
          Binds: [`${onHost(request.dataDir)}:/saisdata:ro`, `${onHost(resultDir)}:/saisresult:rw`],
          Tmpfs: { '/tmp': `rw,noexec,nosuid,size=${limits.resultBytes},mode=1777` },
          ...(counts ? { CgroupParent: counts.parentOf(name) } : {}),
        },
      });
      try {
        const started = Date.now();
        const ended = await this.#runToEnd(container, request, resultDir, log);
        if (ended.kind === 'aborted' || request.signal.aborted) return { kind: 'aborted', log: log.text };
        if (ended.kind === 'timeout')
          return {
            kind: 'failed',
            verdict: scoring.fileRefusal('runTimeout', { seconds: limits.timeoutSeconds }),
            log: log.text,
            platformFault: false,
          };
        if (ended.kind === 'resultTooLarge')
          return {
            kind: 'invalid',
            verdict: scoring.fileRefusal('resultTooLarge', { limit: Math.round(limits.resultBytes / MB) }),
            log: log.text,
          };
        if (ended.kind === 'notStarted')
          return {
            kind: 'invalid',
            verdict: scoring.fileRefusal('runScriptMissing', {
              path: request.configPath.slice(0, 300),
              exitCode: 127,
            }),
            log: log.text,
          };
        if (ended.oomKilled)
          return {
            kind: 'failed',
            verdict: scoring.fileRefusal('runOutOfMemory', { limit: Math.round(limits.memoryBytes / MB) }),
            log: log.text,
            platformFault: false,
          };
        // Ended by its process limit (under gVisor the whole sandbox ends, exit code 2), not by its script.
        if (ended.exitCode !== 0 && ((await counts?.peak(name)) ?? 0) >= limits.pids)
          return {
            kind: 'failed',
            verdict: scoring.fileRefusal('runTooManyProcesses', { limit: limits.pids }),
            log: log.text,
            platformFault: false,
          };
        if (ended.exitCode === 126 || ended.exitCode === 127)
          return {
            kind: 'invalid',
            verdict: scoring.fileRefusal('runScriptMissing', {
              path: request.configPath.slice(0, 300),
              exitCode: ended.exitCode,
            }),
            log: log.text,
          };
        if (ended.exitCode !== 0)
          return {
            kind: 'invalid',
            verdict: scoring.fileRefusal('runExitCode', {
              exitCode: ended.exitCode,
              seconds: Math.round((Date.now() - started) / 1000),
            }),
            log: log.text,
          };
        await request.onState('collecting');
        return await collect(resultDir, limits.resultBytes, log);
      } finally {
        await container.remove({ force: true }).catch(() => undefined);
        await counts?.remove(name);
      }
    } finally {
      await rm(resultDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** Where the runs' process counts are read: once per process, asked again after the engine failed to answer. */
  #processCount(): Promise<ProcessCount | null> {
    return (this.#counts ??= ownContainer(this.#docker)
      .then((self) => (self ? null : processCount(this.#docker)))
      .catch((error: unknown) => {
        this.#counts = undefined;
        throw error;
      }));
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

  /**
   * Starts the container (its main process is the run script) with its output attached to the log, and
   * waits for it to exit; kills it at the time limit, when the run is aborted, or when the result folder
   * outgrows its limit. The exit code and the engine's OOMKilled (under gVisor the whole sandbox is killed
   * by the memory cgroup, which the engine reports so) come from inspecting it afterwards.
   */
  async #runToEnd(
    container: Docker.Container,
    request: RunRequest,
    resultDir: string,
    log: TailLog,
  ): Promise<Ended> {
    const stream = await container.attach({ stream: true, stdout: true, stderr: true });
    const out = new PassThrough();
    out.on('data', (chunk: Buffer) => log.add(chunk.toString('utf8')));
    this.#docker.modem.demuxStream(stream, out, out);
    const streamEnded = new Promise<void>((resolve) => {
      stream.on('end', resolve);
      stream.on('close', resolve);
      stream.on('error', () => resolve());
    });
    let stoppedFor: 'timeout' | 'aborted' | 'resultTooLarge' | null = null;
    const stop = (why: 'timeout' | 'aborted' | 'resultTooLarge') => {
      stoppedFor ??= why;
      void container.kill().catch(() => undefined);
    };
    const onAbort = () => stop('aborted');
    request.signal.addEventListener('abort', onAbort, { once: true });
    // The time limit is the run's: it starts again once the engine has started the script, so a sandbox
    // slow to start on a loaded host costs the participant nothing (until then it bounds the start).
    const timer = setTimeout(() => stop('timeout'), request.limits.timeoutSeconds * 1000);
    // The engine's `oom` event for this container: on a loaded host it (and the OOMKilled it sets) can come
    // seconds after the exit, so it is listened for from the start rather than only inspected afterwards.
    let oomSeen = false;
    const oomEvents = (await this.#docker
      .getEvents({ filters: JSON.stringify({ container: [container.id], event: ['oom'] }) })
      .catch(() => null)) as Readable | null;
    oomEvents?.on('data', () => (oomSeen = true));
    oomEvents?.on('error', () => undefined);
    let watching = true;
    const watch = (async () => {
      while (watching) {
        await new Promise((resolve) => setTimeout(resolve, this.options.watchMs ?? 250));
        if (watching && (await folderBytes(resultDir)) > request.limits.resultBytes) stop('resultTooLarge');
      }
    })();
    try {
      try {
        await container.start();
      } catch (error) {
        // The engine could not start the script (not in the image, not executable): the participant's.
        const message = error instanceof Error ? error.message : String(error);
        if (/no such file|not found|permission denied|exec format/i.test(message))
          return { kind: 'notStarted', message };
        throw error;
      }
      timer.refresh();
      await request.onState('running');
      const waited = (await container.wait()) as { StatusCode: number };
      // The attached output can end a moment after the exit: wait for it briefly.
      await Promise.race([streamEnded, new Promise((resolve) => setTimeout(resolve, 2000))]);
      if (stoppedFor) return { kind: stoppedFor };
      const inspect = () =>
        container.inspect().then(
          (info) => info.State,
          () => null,
        );
      let state = await inspect();
      // Killed (137) by no one here: the engine records the memory cgroup's kill from an event that can come
      // seconds after the exit on a loaded host (a CI run saw more than 2 s), so wait for it up to 15 s.
      // Nothing else here sends SIGKILL, so the wait is paid only by runs that ran out of memory.
      const oom = () => oomSeen || state?.OOMKilled === true;
      for (let i = 0; (state?.ExitCode ?? waited.StatusCode) === 137 && !oom() && i < 60; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        state = await inspect();
      }
      return { kind: 'exited', exitCode: state?.ExitCode ?? waited.StatusCode, oomKilled: oom() };
    } finally {
      watching = false;
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
      (stream as unknown as Readable).destroy?.();
      oomEvents?.destroy();
      await watch;
    }
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
    await (await this.#processCount())?.removeAll(`sais-run-${submissionId}-`);
  }

  async release(image: string): Promise<void> {
    // In use by another container (or already gone): the engine refuses, and that is fine.
    await this.#docker
      .getImage(image)
      .remove()
      .catch(() => undefined);
  }
}

/** Bytes under a folder (files at any depth, links not followed); what cannot be read counts as 0. */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    const info = await lstat(`${entry.parentPath}/${entry.name}`).catch(() => null);
    total += info?.size ?? 0;
  }
  return total;
}

/**
 * The result file, read from the run's folder after the container exited: /saisresult/result.csv, or the
 * only entry there. Only a regular file is read (opened without following a link, so a link the run made
 * to a host path reads nothing), and never more than the result limit.
 */
export async function collect(resultDir: string, maxBytes: number, log: TailLog): Promise<RunOutcome> {
  const names = (await readdir(resultDir).catch(() => [])).sort();
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
  const unreadable: RunOutcome = {
    kind: 'invalid',
    verdict: scoring.fileRefusal('resultUnreadable', { name: name.slice(0, 300) }),
    log: log.text,
  };
  const file = await open(`${resultDir}/${name}`, constants.O_RDONLY | constants.O_NOFOLLOW).catch(
    () => null,
  );
  if (!file) return unreadable;
  try {
    const info = await file.stat();
    if (!info.isFile()) return unreadable;
    if (info.size > maxBytes)
      return {
        kind: 'invalid',
        verdict: scoring.fileRefusal('resultTooLarge', { limit: Math.round(maxBytes / MB) }),
        log: log.text,
      };
    const bytes = Buffer.alloc(info.size);
    const { bytesRead } = await file.read(bytes, 0, info.size, 0);
    return { kind: 'result', file: { name, bytes: bytes.subarray(0, bytesRead) }, log: log.text };
  } finally {
    await file.close();
  }
}
