/**
 * CPU profiles of the benchmark's own process (the platform under test in most benchmarks), written
 * when `SAIS_BENCH_CPU_PROF=<dir>` is set, for Chrome DevTools or speedscope.
 *
 * A benchmark that marks its measured window (`profileWindow`) gets a profile of that window only: the
 * load, not the start-up, the seeding and the warm-up, which would otherwise fill most of the profile
 * (`node --cpu-prof` covers a process's whole life). A benchmark that marks none gets its whole run
 * (`profileWholeRun`, started by bench/run.ts in the benchmark's process).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

const directory = () => process.env.SAIS_BENCH_CPU_PROF || undefined;

let session: Session | undefined;
/** The whole-run profile, until a window replaces it. */
let wholeRun: { name: string } | undefined;
let windows = 0;

async function connected(): Promise<Session> {
  if (!session) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    // 100 µs between samples (V8's default is 1 ms): a request of the load takes well under 1 ms.
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
  }
  return session;
}

async function write(name: string): Promise<string> {
  const { profile } = await (await connected()).post('Profiler.stop');
  const dir = directory()!;
  mkdirSync(dir, { recursive: true });
  const file = join(
    dir,
    `${name}-${new Date().toISOString().replaceAll(':', '-')}-${process.pid}.cpuprofile`,
  );
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

/** Starts a profile of the whole run (bench/run.ts); `finishWholeRun` writes it unless a window was marked. */
export async function profileWholeRun(name: string): Promise<void> {
  if (!directory()) return;
  await (await connected()).post('Profiler.start');
  wholeRun = { name };
}

export async function finishWholeRun(): Promise<void> {
  if (!wholeRun) return;
  const { name } = wholeRun;
  wholeRun = undefined;
  const file = await write(`${name}-whole-run`);
  console.log(`CPU profile of the whole run: ${file}`);
}

/**
 * Runs `work` (the measured load) under the CPU profiler when SAIS_BENCH_CPU_PROF is set and writes
 * `<dir>/<label>-<time>-<pid>.cpuprofile`; the whole-run profile, if one was running, is dropped.
 */
export async function profileWindow<T>(label: string, work: () => Promise<T>): Promise<T> {
  if (!directory()) return work();
  const profiler = await connected();
  if (wholeRun) {
    await profiler.post('Profiler.stop');
    wholeRun = undefined;
  }
  windows += 1;
  await profiler.post('Profiler.start');
  let result: T;
  try {
    result = await work();
  } finally {
    const file = await write(`${label}-window${windows}`);
    console.log(`CPU profile of the load window "${label}": ${file}`);
  }
  return result;
}
