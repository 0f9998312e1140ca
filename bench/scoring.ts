/**
 * `npm run bench -- scoring [rows=1000000] [runs=3]`
 *
 * Scores a 1,000,000-row result file (integer ids, rows shuffled, id,<target>) against its ground truth
 * with RMSE and every validation of the scorer on (header, missing / duplicate / extra ids, numbers,
 * NaN, encoding), in a child process per run so its peak RSS is its own. Then pandas (Debian's
 * python3-pandas, /usr/bin/python3) on the same files in the same run: read both, join on id, RMSE.
 * Prints both times and ours / pandas. No servers needed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, table, verdict, waitForQuiet } from './lib/report.ts';
import { machine } from './lib/servers.ts';
import type { Benchmark } from './run.ts';

const TARGETS = { ratio: 0.3, oursMs: 500, oursRssMb: 200 };
const PYTHON = '/usr/bin/python3';

/** mulberry32: a small seeded generator, so every run scores the same files. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled(n: number, next: () => number): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    const swap = order[i]!;
    order[i] = order[j]!;
    order[j] = swap;
  }
  return order;
}

function files(dir: string, rows: number) {
  const next = random(42);
  const truth = new Float64Array(rows);
  for (let i = 0; i < rows; i++) truth[i] = Math.round(next() * 1e6) / 1e3; // e.g. 523.117
  const write = (name: string, order: Int32Array, value: (id: number) => string) => {
    const parts: string[] = ['id,target\n'];
    for (let k = 0; k < rows; k++) parts.push(`${order[k]},${value(order[k]!)}\n`);
    const path = join(dir, name);
    writeFileSync(path, parts.join(''));
    return path;
  };
  const truthPath = write('truth.csv', shuffled(rows, next), (id) => String(truth[id]));
  const submissionPath = write('submission.csv', shuffled(rows, next), (id) =>
    (truth[id]! + (next() - 0.5) * 2).toFixed(4),
  );
  return { truthPath, submissionPath };
}

const pandasScript = `
import json, resource, sys, time
import numpy as np
import pandas as pd
truth_path, submission_path = sys.argv[1], sys.argv[2]
t0 = time.perf_counter()
truth = pd.read_csv(truth_path)
submission = pd.read_csv(submission_path)
joined = truth.merge(submission, on="id", suffixes=("_truth", "_pred"))
rmse = float(np.sqrt(np.mean((joined["target_truth"] - joined["target_pred"]) ** 2)))
t1 = time.perf_counter()
print(json.dumps({"totalMs": (t1 - t0) * 1000, "rmse": rmse, "rows": int(len(joined)),
  "maxRssMb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(args: readonly string[]): Promise<boolean> {
  const setting = (name: string, fallback: number) =>
    Number(args.find((a) => a.startsWith(`${name}=`))?.split('=')[1] ?? fallback);
  const rows = setting('rows', 1_000_000);
  const runs = setting('runs', 3);
  const m = machine();
  console.log('# Scoring benchmark (npm run bench -- scoring)\n');
  let pandasVersion: string;
  try {
    pandasVersion = execFileSync(PYTHON, ['-c', 'import pandas; print(pandas.__version__)'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    console.error(`pandas is missing: apt-get install -y python3-pandas (for ${PYTHON})`);
    return false;
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-scoring-'));
  try {
    const started = performance.now();
    const { truthPath, submissionPath } = files(dir, rows);
    console.log(
      table(
        ['', 'run'],
        [
          ['date', m.date!],
          ['machine', m.host!],
          ['cpu', m.cpu!],
          ['memory', m.memory!],
          ['load before', m.load!],
          ['node', m.node!],
          ['pandas', `${pandasVersion} (${PYTHON})`],
          ['git commit', m.commit!],
          [
            'files',
            `${fmt(rows)} rows each, integer ids shuffled, generated in ${fmt(performance.now() - started)} ms`,
          ],
          ['runs', `${runs} of each, alternating; medians reported`],
        ],
      ),
    );
    const ours: Record<string, number>[] = [];
    const pandas: Record<string, number>[] = [];
    const busy: number[] = [];
    for (let run = 0; run < runs; run++) {
      // Other sessions on a shared host skew everything: wait (bounded) for a mostly idle machine.
      busy.push((await waitForQuiet(setting('quiet', 60), 35)).busy);
      ours.push(
        JSON.parse(
          execFileSync(
            process.execPath,
            [join(import.meta.dirname, 'scoring-child.ts'), truthPath, submissionPath, 'rmse'],
            {
              encoding: 'utf8',
            },
          ),
        ) as Record<string, number>,
      );
      pandas.push(
        JSON.parse(
          execFileSync(PYTHON, ['-c', pandasScript, truthPath, submissionPath], { encoding: 'utf8' }),
        ) as Record<string, number>,
      );
    }
    const pick = (list: Record<string, number>[], key: string) => median(list.map((r) => r[key]!));
    const oursMs = pick(ours, 'totalMs');
    const pandasMs = pick(pandas, 'totalMs');
    const oursRss = Math.max(...ours.map((r) => r.maxRssMb!));
    const pandasRss = Math.max(...pandas.map((r) => r.maxRssMb!));
    const agree = Math.abs(ours[0]!.overallScore! - pandas[0]!.rmse!) < 1e-9;
    console.log('\n## Per run\n');
    console.log(
      table(
        [
          'run',
          'machine busy before',
          'ours total',
          'read',
          'load truth',
          'score',
          'cached truth',
          'ours RSS',
          'pandas',
          'pandas RSS',
        ],
        ours.map((o, i) => [
          String(i + 1),
          `${fmt(busy[i]!)} %`,
          `${fmt(o.totalMs!)} ms`,
          `${fmt(o.readMs!)} ms`,
          `${fmt(o.loadTruthMs!)} ms`,
          `${fmt(o.scoreMs!)} ms`,
          `${fmt(o.cachedTruthMs!)} ms`,
          `${fmt(o.maxRssMb!)} MB`,
          `${fmt(pandas[i]!.totalMs!)} ms`,
          `${fmt(pandas[i]!.maxRssMb!)} MB`,
        ]),
      ),
    );
    console.log(
      `\nscores agree: ${agree ? 'yes' : 'NO'} (ours overall RMSE ${ours[0]!.overallScore}, pandas ${pandas[0]!.rmse}); ` +
        `direct-index fast path: ${ours[0]!.direct ? 'yes' : 'no'}`,
    );
    console.log('\n## Summary against the targets\n');
    const ratio = oursMs / pandasMs;
    console.log(
      table(
        ['measure', 'target', 'measured', 'verdict'],
        [
          [
            'ours: read both + parse truth + score 1M rows',
            `≤ ${TARGETS.oursMs} ms`,
            `${fmt(oursMs)} ms`,
            verdict(oursMs, TARGETS.oursMs, false),
          ],
          [
            'ours: peak RSS (child process)',
            `≤ ${TARGETS.oursRssMb} MB`,
            `${fmt(oursRss)} MB`,
            verdict(oursRss, TARGETS.oursRssMb, false),
          ],
          [
            'pandas: read both, join on id, RMSE',
            '(reference)',
            `${fmt(pandasMs)} ms, ${fmt(pandasRss)} MB`,
            '',
          ],
          ['ours / pandas', `≤ ${TARGETS.ratio}`, fmt(ratio, 3), verdict(ratio, TARGETS.ratio, false)],
          ['ours, ground truth cached (the worker path)', '', `${fmt(pick(ours, 'cachedTruthMs'))} ms`, ''],
        ],
      ),
    );
    return agree && oursMs <= TARGETS.oursMs && oursRss <= TARGETS.oursRssMb && ratio <= TARGETS.ratio;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const benchmark: Benchmark = { description: 'scoring a 1M-row CSV with RMSE vs pandas', main };
export default benchmark;
