/**
 * `npm run bench -- compare <base> [<head>] <benchmark> [--runs=N] [benchmark args]`
 *
 * Runs one benchmark on two versions of the code, alternating (base, head, head, base, base, …), and
 * prints each run's figures (the rows of its "Summary against the targets" table), then both medians
 * and head ÷ base per figure. `<base>` and `<head>` are anything git names a commit by (a hash, a
 * branch, HEAD~3); each is checked out in a git worktree of its own under /tmp/sais-bench-compare/<hash>
 * (kept for the next comparison; `npm run bench -- compare --clean` removes them). Without `<head>`
 * the head is this working tree as it is, uncommitted changes included.
 *
 * A worktree whose package-lock.json is this tree's gets this tree's node_modules as hard links (no
 * install, nothing run); another runs `npm install` in it once (npm's cache is warm). A benchmark that
 * one of the two commits does not have is refused before anything runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fmt, table } from './lib/report.ts';

const root = resolve(import.meta.dirname, '..');
const worktrees = join(tmpdir(), 'sais-bench-compare');

export const compareUsage = [
  'usage: npm run bench -- compare <base> [<head>] <benchmark> [--runs=N] [benchmark args]',
  '',
  '  Runs <benchmark> on two commits in their own git worktrees (/tmp/sais-bench-compare/<hash>),',
  '  alternating base and head N times each (default 3), and prints every run, the medians and',
  '  head ÷ base of each figure of the benchmark\'s "Summary against the targets" table.',
  '  Without <head>: this working tree as it is. `compare --clean` removes the worktrees.',
  '',
  '  e.g. npm run bench -- compare bdbc857 HEAD leaderboard',
  '       npm run bench -- compare main leaderboard --runs=5 seconds=5',
].join('\n');

class CompareError extends Error {}

function git(args: readonly string[], cwd = root): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new CompareError(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout;
}

function commitOf(name: string): string | undefined {
  const result = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${name}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** The benchmark names bench/run.ts offers in `source` (its text at some commit). */
export function benchmarksIn(source: string): string[] {
  const start = source.indexOf('const benchmarks');
  if (start < 0) return [];
  return [...source.slice(start).matchAll(/^ {2}['"]?([\w-]+)['"]?: \{/gm)].map((match) => match[1]!);
}

interface Side {
  label: string;
  /** The commit, or undefined for this working tree. */
  commit?: string;
  dir: string;
}

function runScriptAt(commit: string | undefined): string | undefined {
  if (commit === undefined) return readFileSync(join(root, 'bench/run.ts'), 'utf8');
  const result = spawnSync('git', ['show', `${commit}:bench/run.ts`], { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout : undefined;
}

function checkBenchmark(side: Side, benchmark: string): void {
  const source = runScriptAt(side.commit);
  if (source === undefined)
    throw new CompareError(`${side.label} has no bench/run.ts: no benchmark can run there`);
  const names = benchmarksIn(source);
  if (!names.includes(benchmark))
    throw new CompareError(
      `benchmark "${benchmark}" does not exist at ${side.label} (it has: ${names.join(', ') || 'none'})`,
    );
}

/** node_modules folders of a checkout: the root's and any workspace's own. */
function nodeModulesOf(dir: string): string[] {
  const found = existsSync(join(dir, 'node_modules')) ? ['node_modules'] : [];
  for (const top of readdirSync(dir, { withFileTypes: true })) {
    if (!top.isDirectory() || top.name.startsWith('.') || top.name === 'node_modules') continue;
    const candidates = [join(top.name, 'node_modules')];
    for (const sub of readdirSync(join(dir, top.name), { withFileTypes: true }))
      if (sub.isDirectory() && sub.name !== 'node_modules')
        candidates.push(join(top.name, sub.name, 'node_modules'));
    for (const candidate of candidates) if (existsSync(join(dir, candidate))) found.push(candidate);
  }
  return found;
}

function step(what: string, command: string, args: readonly string[], cwd: string): void {
  console.log(`  ${what}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new CompareError(`${what} failed in ${cwd}`);
}

/** A worktree of `commit` with its dependencies installed (made once, then reused). */
function prepare(commit: string, label: string): Side {
  const dir = join(worktrees, commit.slice(0, 12));
  const ready = join(dir, 'node_modules', '.sais-compare-ready');
  if (existsSync(ready)) return { label, commit, dir };
  console.log(`preparing ${label} (${commit.slice(0, 12)}) in ${dir}`);
  if (existsSync(dir)) git(['worktree', 'remove', '--force', dir]);
  git(['worktree', 'add', '--detach', dir, commit]);
  const lock = spawnSync('git', ['show', `${commit}:package-lock.json`], { cwd: root, encoding: 'utf8' });
  const ownLock = existsSync(join(root, 'package-lock.json'))
    ? readFileSync(join(root, 'package-lock.json'), 'utf8')
    : '';
  if (lock.status === 0 && lock.stdout === ownLock && existsSync(join(root, 'node_modules'))) {
    // The same dependencies: hard links of this tree's (workspace links are relative, so they point
    // into the new worktree's own packages).
    for (const folder of nodeModulesOf(root))
      step(`link ${folder}`, 'cp', ['-al', join(root, folder), join(dir, folder, '..')], root);
  } else {
    step('install', 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
    // npm may rewrite an older lock; the worktree stays the commit's.
    spawnSync('git', ['checkout', '--', 'package-lock.json'], { cwd: dir });
  }
  writeFileSync(ready, `${new Date().toISOString()}\n`);
  return { label, commit, dir };
}

/**
 * The figures a run printed, for commits whose benchmark writes no result file: the rows of the last
 * "## Summary…" table (its `measure` and `measured` columns), as printed.
 */
export function summaryOf(output: string): Map<string, string> {
  const rows = new Map<string, string>();
  const start = output.lastIndexOf('\n## Summary');
  if (start < 0) return rows;
  const lines = output.slice(start + 1).split('\n');
  const dashesAt = lines.findIndex((line) => /^-+( {2}-+)+$/.test(line.trim()));
  if (dashesAt < 1) return rows;
  const header = lines[dashesAt - 1]!;
  const starts = [...lines[dashesAt]!.matchAll(/-+/g)].map((match) => match.index);
  const cellOf = (line: string, column: number) => line.slice(starts[column], starts[column + 1]).trim();
  const names = starts.map((_, column) => cellOf(header, column));
  const measure = names.indexOf('measure');
  const measured = names.indexOf('measured');
  if (measure < 0 || measured < 0) return rows;
  for (const line of lines.slice(dashesAt + 1)) {
    if (line.trim() === '') break;
    rows.set(cellOf(line, measure), cellOf(line, measured));
  }
  return rows;
}

/** A printed figure as a number: "0.742", "8.96 ms", "16,535 /s", "12 %" (NaN when it is none). */
export function numberOf(printed: string): number {
  const match = /^[-+]?[\d,]*\.?\d+/.exec(printed.trim());
  return match ? Number(match[0].replaceAll(',', '')) : Number.NaN;
}

function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function runOnce(side: Side, benchmark: string, args: readonly string[], log: string) {
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(`\n### ${side.label}: npm run bench -- ${[benchmark, ...args].join(' ')} (load ${load})`);
  const resultFile = join(worktrees, `result-${process.pid}-${Date.now()}.json`);
  const output = await new Promise<string>((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', benchmark, ...args], {
      cwd: side.dir,
      env: { ...process.env, SAIS_BENCH_CHILD: '1', SAIS_BENCH_RESULT: resultFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const file = createWriteStream(log, { flags: 'a' });
    file.write(`\n### ${side.label}: ${benchmark} ${args.join(' ')}\n`);
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      file.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => file.write(chunk));
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', fail);
    child.on('exit', () => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      file.end();
      done(text);
    });
  });
  let summary: Map<string, string>;
  if (existsSync(resultFile)) {
    const figures = JSON.parse(readFileSync(resultFile, 'utf8')) as Record<string, number>;
    rmSync(resultFile);
    summary = new Map(
      Object.entries(figures).map(([measure, value]) => [measure, fmt(value, Math.abs(value) < 100 ? 3 : 0)]),
    );
  } else summary = summaryOf(output);
  if (summary.size === 0)
    throw new CompareError(
      `${side.label}: the run reported no figures (no result file, no "Summary" table with measure and ` +
        `measured columns); its output is in ${log}`,
    );
  console.log(table(['measure', 'measured'], [...summary]));
  return summary;
}

function clean(): void {
  if (!existsSync(worktrees)) return;
  for (const entry of readdirSync(worktrees, { withFileTypes: true })) {
    // The worktrees; the runs' logs stay.
    if (!entry.isDirectory()) continue;
    const dir = join(worktrees, entry.name);
    console.log(`removing ${dir}`);
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'inherit' });
  }
  git(['worktree', 'prune']);
}

export async function compare(argv: readonly string[]): Promise<number> {
  try {
    if (argv[0] === '--clean') {
      clean();
      return 0;
    }
    const runs = Number(argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
    const rest = argv.filter((arg) => !arg.startsWith('--runs='));
    if (rest.length < 2 || !Number.isInteger(runs) || runs < 1) throw new CompareError(compareUsage);
    const baseName = rest[0]!;
    const base = commitOf(baseName);
    if (!base) throw new CompareError(`"${baseName}" names no commit here\n\n${compareUsage}`);
    // The second word is the benchmark when a benchmark has that name at the base or here, else the head.
    const known = new Set([
      ...benchmarksIn(runScriptAt(base) ?? ''),
      ...benchmarksIn(runScriptAt(undefined)!),
    ]);
    let headName: string | undefined;
    let benchmark: string;
    let args: string[];
    if (known.has(rest[1]!) || rest.length === 2) {
      benchmark = rest[1]!;
      args = rest.slice(2);
    } else {
      headName = rest[1]!;
      benchmark = rest[2]!;
      args = rest.slice(3);
    }
    const head = headName === undefined ? undefined : commitOf(headName);
    if (headName !== undefined && !head)
      throw new CompareError(`"${headName}" names no commit here\n\n${compareUsage}`);
    const baseLabel = `${baseName} (${base.slice(0, 9)})`;
    const headLabel = headName ? `${headName} (${head!.slice(0, 9)})` : 'working tree';
    checkBenchmark({ label: baseLabel, commit: base, dir: '' }, benchmark);
    checkBenchmark({ label: headLabel, commit: head, dir: root }, benchmark);

    const sides = [
      prepare(base, baseLabel),
      head ? prepare(head, headLabel) : { label: headLabel, dir: root },
    ] as const;
    mkdirSync(worktrees, { recursive: true });
    const log = join(worktrees, `compare-${benchmark}-${new Date().toISOString().replaceAll(':', '-')}.log`);
    console.log(`\n# compare ${benchmark}: ${baseLabel} vs ${headLabel}, ${runs} run(s) each, alternating`);
    console.log(`full output of every run: ${log}`);
    const figures: Map<string, string>[][] = [[], []];
    for (let run = 0; run < runs; run++) {
      // base, head, then head, base: neither side always runs first on a machine that warms or tires.
      const order = run % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) figures[index]!.push(await runOnce(sides[index]!, benchmark, args, log));
    }
    const measures = [...new Set(figures.flat().flatMap((summary) => [...summary.keys()]))];
    const rows = measures.map((measure) => {
      const values = figures.map((side) => side.map((summary) => summary.get(measure) ?? '–'));
      const medians = values.map((side) => median(side.map(numberOf)));
      return [
        measure,
        values[0]!.join(' / '),
        values[1]!.join(' / '),
        fmt(medians[0]!, 3),
        fmt(medians[1]!, 3),
        `${fmt(medians[1]! / medians[0]!, 3)}×`,
      ];
    });
    console.log(`\n## ${benchmark}: ${baseLabel} vs ${headLabel}\n`);
    console.log(
      table(['measure', 'base runs', 'head runs', 'base median', 'head median', 'head ÷ base'], rows),
    );
    return 0;
  } catch (error) {
    if (error instanceof CompareError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}
