/**
 * Child process of `npm run bench -- scoring`: scores one submission file against one ground truth with
 * the service's byte-level scorer and prints JSON timings and this process's peak RSS. Runs under plain
 * Node (type stripping), so the measured RSS is the scorer's, not a loader's.
 *
 *   node bench/scoring-child.ts <truth.csv> <submission.csv> <metric>
 */
import { readFileSync } from 'node:fs';
import { loadGroundTruth, type Metric } from '../services/scoring/src/evaluation/ground-truth.ts';
import { scoreSubmission } from '../services/scoring/src/evaluation/score.ts';

const [truthPath, submissionPath, metric = 'rmse'] = process.argv.slice(2);
const rssBefore = process.memoryUsage().rss;
const t0 = performance.now();
const truthBytes = readFileSync(truthPath!);
const submissionBytes = readFileSync(submissionPath!);
const t1 = performance.now();
const truth = loadGroundTruth(truthBytes, metric as Metric, 50);
const t2 = performance.now();
const scores = scoreSubmission(submissionBytes, truth);
const t3 = performance.now();
// The worker's path: ground truth already cached, a new file read and scored (second file, warm JIT).
const t4 = performance.now();
const again = scoreSubmission(readFileSync(submissionPath!), truth);
const t5 = performance.now();
console.log(
  JSON.stringify({
    readMs: t1 - t0,
    loadTruthMs: t2 - t1,
    scoreMs: t3 - t2,
    totalMs: t3 - t0,
    cachedTruthMs: t5 - t4,
    rows: scores.rows,
    publicScore: scores.publicScore,
    privateScore: scores.privateScore,
    overallScore: Math.sqrt(
      (scores.publicScore ** 2 * truth.publicRows +
        scores.privateScore ** 2 * (truth.rows - truth.publicRows)) /
        truth.rows,
    ),
    same: again.publicScore === scores.publicScore,
    direct: truth.direct !== null,
    rssBeforeMb: rssBefore / 2 ** 20,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
