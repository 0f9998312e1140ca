import { access, constants, mkdir, readFile, readdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type Docker from 'dockerode';

/**
 * Whether a run reached its process limit (issue 36, decision 0037): the engine reports no such thing
 * (a container's own pids cgroup, where the kernel counts the limit's hits, is gone with the container),
 * and under gVisor a fork bomb ends the whole sandbox with exit code 2, which alone reads as the script's
 * own failure. So each run gets a cgroup parent of its own, `/sais-runs/<container name>` (the engine's
 * `CgroupParent`), and after the exit the runner reads the highest count of processes and threads the
 * kernel saw under it (`pids.peak`, which outlives the container's own cgroup): at the limit, the run was
 * stopped by it. The parents are removed after each run, in every hierarchy the engine made them in.
 *
 * Only where the runner sees and may write the engine's cgroups: the engine's `cgroupfs` driver on
 * cgroup v1 (this project's machines; `pids.peak` since Linux 6.1), a runner on the engine's host (not
 * in a container of that engine, not a remote engine), `/sys/fs/cgroup/pids` writable. Elsewhere (the
 * systemd driver, whose parents are slices; cgroup v2, not tried here; a runner in a container of its
 * engine, as in infra/deploy) runs get no parent of their own and a run at its process limit reads as
 * its exit code, as before.
 */
export interface ProcessCount {
  /** The engine's `CgroupParent` for a run's container. */
  parentOf(container: string): string;
  /** The most processes and threads seen under a run's parent, or null when it cannot be read. */
  peak(container: string): Promise<number | null>;
  /** Removes a run's parents (after its container was removed); what is already gone is fine. */
  remove(container: string): Promise<void>;
  /** Removes the parents of every container whose name starts with `prefix` (a runner that died). */
  removeAll(prefix: string): Promise<void>;
}

const folder = 'sais-runs';

/**
 * The process count of runs on `docker`'s engine, for a runner that shares the engine's cgroups (not in
 * a container of that engine: `ownContainer`), or null where it cannot be read.
 */
export async function processCount(docker: Docker, root = '/sys/fs/cgroup'): Promise<ProcessCount | null> {
  // A remote engine (DOCKER_HOST tcp://…) has its cgroups on another machine.
  if (!(docker.modem as { socketPath?: unknown }).socketPath) return null;
  const info = (await docker.info().catch(() => null)) as {
    CgroupDriver?: string;
    CgroupVersion?: string;
  } | null;
  if (info?.CgroupDriver !== 'cgroupfs' || info.CgroupVersion !== '1') return null;
  const pids = join(root, 'pids', folder);
  try {
    await mkdir(pids, { recursive: true });
    await access(pids, constants.W_OK);
  } catch {
    return null;
  }
  /** Each hierarchy's folder of the runs' parents (cpu and cpuacct are often one, linked twice). */
  const hierarchies = async () =>
    (await readdir(root, { withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, entry.name, folder));
  const remove = async (container: string) => {
    for (const dir of await hierarchies()) await rmdir(join(dir, container)).catch(() => undefined);
  };
  return {
    parentOf: (container) => `/${folder}/${container}`,
    async peak(container) {
      const text = await readFile(join(pids, container, 'pids.peak'), 'utf8').catch(() => null);
      const value = text === null ? NaN : Number(text.trim());
      return Number.isInteger(value) ? value : null;
    },
    remove,
    async removeAll(prefix) {
      const names = (await readdir(pids).catch(() => [])).filter((name) => name.startsWith(prefix));
      for (const name of names) await remove(name);
    },
  };
}
