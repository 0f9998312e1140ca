/**
 * A thread of the scan pool (scan-pool.ts): takes chunks of each job it is sent, in shared memory. Run
 * from its bundle (scan-worker.bundle.js, plain JavaScript: a thread loading TypeScript would load the
 * type stripper again, ~35 MB and ~100 ms more per thread).
 */
import { parentPort } from 'node:worker_threads';
import { viewed } from './hash-index.ts';
import { type ScanJob, takeChunks } from './scan.ts';
import { type TruthJob, takeTruthChunks } from './truth-chunks.ts';

parentPort?.on('message', (job: ScanJob | TruthJob) => {
  if (job.kind === 'truth') takeTruthChunks(job, true);
  else takeChunks(job, { ...job.truth, keyView: viewed(job.truth.keys) }, true);
});
