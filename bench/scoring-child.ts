/**
 * Child process of `npm run bench -- scoring`: scores one submission file against one ground truth with
 * the service's byte-level scorer, as a long-running worker does, and prints JSON timings and this
 * process's peak RSS. Runs under plain Node (type stripping), so the measured RSS is the scorer's, not a
 * loader's.
 *
 *   node bench/scoring-child.ts csv <truth.csv> <submission.csv> <metric> <form out> <split mask>
 *   node bench/scoring-child.ts form <form> <submission.csv> <metric>
 *
 * `csv`, a worker that parses the ground truth's CSV:
 * - truth: read the ground-truth file into a Buffer and parse it into typed arrays in split order (the
 *   split's bitmap read before, as a worker reads it from the ground truth's row: computed once when the
 *   ground truth was set, split.ts), then give the Buffer back (a worker does this once per ground
 *   truth and keeps it: GroundTruthCache);
 * - warmUp (before the rest, timed apart): the scan pool started and the scoring code warmed on small
 *   made-up files (warm-up.ts), as a scoring worker does when it starts (scoring-workers.ts);
 *   `SAIS_BENCH_NO_WARM_UP=1` skips it, to see what it saves;
 * - first: the worker path for the first submission this process scores — read the submission file
 *   (one readFile, no copy) and score it with every validation on (never scored before in this process);
 * - warm: the same again (file read again each time), as for any later submission of a running worker;
 * - then, not timed with the rest: the ground truth's stored form is written to <form out> (what the
 *   operator's upload stores beside the CSV), `encodeMs`.
 * `form`, a fresh worker whose ground truth was stored parsed: `truthMs` reads the form file into a
 * Buffer and maps it (checksum, checks, ids and values copied into shared memory, the hash table
 * rebuilt), gives the Buffer back, then `first` as above.
 *
 * Peak RSS twice: after the first submission (`firstRssMb`: load the ground truth and score one file, the
 * issue's measure) and after the warm runs (`maxRssMb`). The scorer allocates nothing per submission, so
 * back to back the only garbage is each file's buffer, which V8 frees at its next collection: the second
 * figure shows that swing, not memory the scorer holds.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { GroundTruth, Metric } from '../services/scoring/src/evaluation/ground-truth.ts';
import { loadGroundTruth } from '../services/scoring/src/evaluation/load-truth.ts';
import { type Scores, scoreSubmission } from '../services/scoring/src/evaluation/score.ts';
import { decodeTruthForm, encodeTruthForm } from '../services/scoring/src/evaluation/truth-form.ts';
import { startScanPool } from '../services/scoring/src/evaluation/scan-pool.ts';
import { readFileShared, release } from '../services/scoring/src/evaluation/shared-memory.ts';
import { warmUpScoring } from '../services/scoring/src/evaluation/warm-up.ts';

const [mode, truthPath, submissionPath, metricName = 'rmse', extra = '', maskPath = ''] =
  process.argv.slice(2);
const metric = metricName as Metric;
const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
const identity = { sha256: 'bench', metric, publicPercent: 50, splitKeySha256: 'bench' };
const mask = mode === 'csv' ? readFileSync(maskPath) : null;

/** CPU time of this process so far (all threads), ms: less swayed than wall time by other work on the host. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
// As a scoring worker does when it starts (scoring-workers.ts): the scan pool's threads start, then
// the scoring code is warmed on small made-up files (warm-up.ts); timed apart, not in the paths below.
const warmCpu0 = cpuMs();
startScanPool();
const warmUp = process.env.SAIS_BENCH_NO_WARM_UP ? { ms: 0, files: 0 } : warmUpScoring();
const warmUpCpuMs = cpuMs() - warmCpu0;
const rssWarmMb = process.memoryUsage().rss / 2 ** 20;
const cpu0 = cpuMs();
const t0 = performance.now();
// The ground truth (its CSV or its stored form) in a Buffer, as the service gets it from PostgreSQL,
// given back once read, as GroundTruthCache does (the truth keeps copies of what it needs).
const stored = readFileSync(truthPath!);
let truth: GroundTruth;
let write: (() => void) | null = null;
if (mode === 'form') truth = decodeTruthForm(stored, identity);
else {
  truth = loadGroundTruth(stored, metric, mask!);
  write = () => writeFileSync(extra, encodeTruthForm(truth, identity));
}
release(stored);
const truthMs = performance.now() - t0;

const scoreFile = (): { ms: number; scores: Scores } => {
  const start = performance.now();
  const scores = scoreSubmission(readFileShared(submissionPath!), truth);
  return { ms: performance.now() - start, scores };
};
const cpu1 = cpuMs();
const first = scoreFile();
const cpu2 = cpuMs();
// Peak RSS through the ground truth and one 1,000,000-row submission: the measure.
const firstRssMb = process.resourceUsage().maxRSS / 1024;
const warm = Array.from({ length: mode === 'form' ? 0 : 5 }, scoreFile);
const warmMs = warm.map((run) => run.ms).sort((a, b) => a - b);
const encodeStart = performance.now();
write?.();
const encodeMs = performance.now() - encodeStart;

const { publicScore, privateScore, rows } = first.scores;
console.log(
  JSON.stringify({
    warmUpMs: warmUp.ms,
    warmUpCpuMs,
    truthMs,
    firstMs: first.ms,
    warmMs: warmMs[Math.floor(warmMs.length / 2)] ?? Number.NaN,
    fullMs: truthMs + first.ms,
    fullCpuMs: cpu2 - cpu0,
    firstCpuMs: cpu2 - cpu1,
    encodeMs,
    rows,
    publicScore,
    privateScore,
    overallScore: Math.sqrt(
      (publicScore ** 2 * truth.publicRows + privateScore ** 2 * (truth.rows - truth.publicRows)) /
        truth.rows,
    ),
    sameEveryRun: warm.every((run) => run.scores.publicScore === publicScore),
    direct: truth.direct,
    rssBeforeMb,
    rssWarmMb,
    firstRssMb,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
