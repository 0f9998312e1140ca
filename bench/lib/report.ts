/** Percentiles, plain-text tables and CPU accounting for benchmark reports. */
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface Distribution {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function distribution(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

export function fmt(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return '–';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function ms(value: number): string {
  return Number.isFinite(value) ? `${fmt(value, value < 10 ? 1 : 0)} ms` : '–';
}

/** A plain-text table; numbers-looking cells are right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numeric = (cell: string) => /^[-–+]?[\d,.]+(\s?(ms|%|\/s|s|×))?$|^–$/.test(cell.trim());
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (numeric(cell) && i > 0 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function verdict(measured: number, target: number, higherIsBetter: boolean): string {
  const ratio = higherIsBetter ? measured / target : target / measured;
  const met = higherIsBetter ? measured >= target : measured <= target;
  // Near 1 two decimals would print a miss as "1.00×": show three then.
  return `${met ? 'MET' : 'MISSED'} (${fmt(ratio, Math.abs(ratio - 1) < 0.01 ? 3 : 2)}× target)`;
}

/**
 * CPU time used during an interval, for the whole machine and per process group (postgres, Kafka's
 * java, this node process), read from /proc so that servers in containers on this host count too.
 */
export class CpuMeter {
  readonly #startWall = performance.now();
  readonly #startMachine = machineTicks();
  readonly #startProcesses = processTicks();
  readonly #startSelf = process.cpuUsage();

  /**
   * Percent of one core per process group (100% = one core fully busy). Processes that ended during the
   * interval are not seen in /proc; "rest of the machine" is what the machine's busy time leaves after
   * the named groups, so short-lived processes of other work on the host land there.
   */
  stop(): { machineBusyPct: number; cores: number; groups: Record<string, number> } {
    const wallSeconds = (performance.now() - this.#startWall) / 1000;
    const hz = 100; // USER_HZ on Linux
    const end = machineTicks();
    const busy = end.busy - this.#startMachine.busy;
    const total = end.total - this.#startMachine.total;
    const groups: Record<string, number> = {};
    const self = process.cpuUsage(this.#startSelf);
    groups['bench (this process)'] = (100 * (self.user + self.system)) / 1e6 / wallSeconds;
    // Per process (pid + start time), so a process that changes group or a reused pid adds no phantom time.
    const deltas: Record<string, number> = {};
    for (const [key, { ticks, group }] of processTicks()) {
      deltas[group] = (deltas[group] ?? 0) + ticks - (this.#startProcesses.get(key)?.ticks ?? 0);
    }
    for (const [name, delta] of Object.entries(deltas)) {
      if (delta > 0 && name !== 'other processes') groups[name] = (100 * delta) / hz / wallSeconds;
    }
    const named = Object.values(groups).reduce((a, b) => a + b, 0);
    // Interrupts and softirqs (loopback networking of this very benchmark, mostly) and hypervisor steal.
    const kernel = (100 * (end.kernel - this.#startMachine.kernel)) / hz / wallSeconds;
    groups['irq/softirq/steal'] = kernel;
    groups['rest of the machine'] = Math.max(0, (100 * busy) / hz / wallSeconds - named - kernel);
    return { machineBusyPct: total > 0 ? (100 * busy) / total : Number.NaN, cores: os.cpus().length, groups };
  }
}

export function cpuLine(cpu: ReturnType<CpuMeter['stop']>): string {
  const groups = Object.entries(cpu.groups)
    .filter(([, pct]) => pct >= 1)
    .map(([name, pct]) => `${name} ${fmt(pct)}%`)
    .join(', ');
  return `CPU: machine ${fmt(cpu.machineBusyPct)}% busy (${cpu.cores} cores); in % of one core: ${groups}`;
}

/** /proc/stat totals: busy, all, and the part no process is charged with (irq, softirq, steal). */
function machineTicks(): { busy: number; total: number; kernel: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total, kernel: (v[5] ?? 0) + (v[6] ?? 0) + (v[7] ?? 0) };
  } catch {
    return { busy: 0, total: 0, kernel: 0 };
  }
}

/** Set to the benchmark's database name: its PostgreSQL backends are counted apart from the others. */
let ownDatabase: string | undefined;
export function countDatabaseApart(name: string): void {
  ownDatabase = name;
}

function groupOf(pid: string, comm: string): string {
  if (comm.startsWith('postgres')) {
    if (!ownDatabase) return 'postgres';
    let title = '';
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      // gone
    }
    return title.includes(` ${ownDatabase} `)
      ? 'postgres (bench database)'
      : 'postgres (other databases, background)';
  }
  if (comm === 'java') return 'java (Kafka brokers on this host)';
  if (comm === 'docker-proxy') return 'docker-proxy (container ports)';
  if (comm === 'node' || comm === 'MainThread' || comm === 'tsc' || comm === 'esbuild')
    return 'other node processes';
  return 'other processes';
}

function processTicks(): Map<string, { ticks: number; group: string }> {
  const processes = new Map<string, { ticks: number; group: string }>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name) && name !== String(process.pid));
  } catch {
    return processes;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // From the state field on: [11] utime, [12] stime, [19] start time (fields 14, 15 and 22 of stat).
      const ticks = Number(fields[11]) + Number(fields[12]);
      processes.set(`${pid}:${fields[19]}`, { ticks, group: groupOf(pid, comm) });
    } catch {
      // the process ended meanwhile
    }
  }
  return processes;
}

/** Machine-wide busy percent over `ms`. */
export async function machineBusy(ms = 2000): Promise<number> {
  const a = machineTicks();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const b = machineTicks();
  return b.total > a.total ? (100 * (b.busy - a.busy)) / (b.total - a.total) : Number.NaN;
}

/**
 * On a shared host other work skews every figure: waits (bounded) until the machine is mostly idle.
 * Returns the busy percent last seen and how long it waited.
 */
export async function waitForQuiet(
  maxSeconds: number,
  thresholdPct = 35,
): Promise<{ busy: number; waited: number }> {
  const start = performance.now();
  let busy = await machineBusy();
  while (busy >= thresholdPct && performance.now() - start < maxSeconds * 1000) busy = await machineBusy();
  return { busy, waited: (performance.now() - start) / 1000 };
}

/** CPU of other work during a section, in % of one core: what this process and its servers did not use. */
export function otherWork(cpu: ReturnType<CpuMeter['stop']>): number {
  return Object.entries(cpu.groups)
    .filter(
      ([name]) =>
        ![
          'bench (this process)',
          'postgres (bench database)',
          'java (Kafka brokers on this host)',
          'docker-proxy (container ports)',
          'irq/softirq/steal',
        ].includes(name),
    )
    .reduce((sum, [, pct]) => sum + pct, 0);
}
