/**
 * Child process of `npm run bench -- scoring`: scores one submission file against one ground truth with
 * the service's byte-level scorer, as a long-running worker does, and prints JSON timings and this
 * process's peak RSS. Runs under plain Node (type stripping), so the measured RSS is the scorer's, not a
 * loader's.
 *
 *   node bench/scoring-child.ts <truth.csv> <submission.csv> <metric> [warm runs]
 *
 * Timed parts:
 * - truth: read the ground-truth file and parse it into typed arrays (a worker does this once per
 *   ground truth and keeps it: GroundTruthCache);
 * - first: the worker path for the first submission this process scores — read the submission file
 *   (one readFile, no copy) and score it with every validation on. JIT still cold for the scoring loop;
 * - warm: the same again (file read again each time), as for any later submission of a running worker.
 *
 * Peak RSS twice: after the first submission (`firstRssMb`: load the ground truth and score one file, the
 * issue's measure) and after the warm runs (`maxRssMb`). The scorer allocates nothing per submission, so
 * back to back the only garbage is each file's 15 MB buffer, which V8 frees at its next collection, and
 * with no JavaScript garbage that comes only when ~64 MB of new external memory has piled up: the second
 * figure shows that swing, not memory the scorer holds.
 */
import { readFileSync } from 'node:fs';
import { loadGroundTruth, type Metric } from '../services/scoring/src/evaluation/ground-truth.ts';
import { type Scores, scoreSubmission } from '../services/scoring/src/evaluation/score.ts';

const [truthPath, submissionPath, metric = 'rmse', warmRuns = '5'] = process.argv.slice(2);
const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;

const t0 = performance.now();
const truth = loadGroundTruth(readFileSync(truthPath!), metric as Metric, 50);
const truthMs = performance.now() - t0;

const scoreFile = (): { ms: number; scores: Scores } => {
  const start = performance.now();
  const scores = scoreSubmission(readFileSync(submissionPath!), truth);
  return { ms: performance.now() - start, scores };
};
const first = scoreFile();
// Peak RSS through the ground truth and one 1,000,000-row submission: the measure.
const firstRssMb = process.resourceUsage().maxRSS / 1024;
const warm = Array.from({ length: Number(warmRuns) }, scoreFile);
const warmMs = warm.map((run) => run.ms).sort((a, b) => a - b);

const { publicScore, privateScore, rows } = first.scores;
console.log(
  JSON.stringify({
    truthMs,
    firstMs: first.ms,
    warmMs: warmMs[Math.floor(warmMs.length / 2)],
    fullMs: truthMs + first.ms,
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
    firstRssMb,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
