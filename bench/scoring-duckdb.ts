/**
 * Child process of `npm run bench -- scoring`: the anchor. DuckDB (npm `@duckdb/node-api`, in-memory
 * database, its default threads) reads both files with `read_csv` (types sniffed), joins them on id and computes the RMSE over every row; prints
 * JSON timings and this process's peak RSS (DuckDB's native memory included).
 *
 *   node bench/scoring-duckdb.ts <truth.csv> <submission.csv>
 *
 * "total": one query (both `read_csv`, the join, the RMSE), the first thing the process does. Then, for
 * information, the ground truth read into a table (`truthMs`) and the same join against that table
 * (`submissionMs`): DuckDB with its ground truth already in memory, like a worker with its cache.
 */
import { DuckDBInstance } from '@duckdb/node-api';

const [truthPath, submissionPath] = process.argv.slice(2);
const quoted = (path: string) => `'${path.replaceAll("'", "''")}'`;
// Types sniffed, as a data scientist would leave them: integer ids join as BIGINT, DuckDB's fastest.
const readCsv = (path: string) => `read_csv(${quoted(path)}, header = true)`;
const join = (truth: string) =>
  `select sqrt(avg((s.target - t.target) ^ 2)) as rmse, count(*) as rows
   from ${truth} t join ${readCsv(submissionPath!)} s on s.id = t.id`;

const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
const cpu = () => (process.cpuUsage().user + process.cpuUsage().system) / 1000;
const cpu0 = cpu();
const t0 = performance.now();
const result = await connection.runAndReadAll(join(readCsv(truthPath!)));
const totalMs = performance.now() - t0;
// CPU time of every thread of the process over the query (DuckDB's 2 threads together).
const totalCpuMs = cpu() - cpu0;
const [rmse, rows] = result.getRows()[0]!;
// Then with the ground truth already in a table (read once more): DuckDB's "worker path".
const t1 = performance.now();
await connection.run(`create table truth as from ${readCsv(truthPath!)}`);
const t2 = performance.now();
await connection.runAndReadAll(join('truth'));
const t3 = performance.now();
console.log(
  JSON.stringify({
    totalMs,
    totalCpuMs,
    truthMs: t2 - t1,
    submissionMs: t3 - t2,
    rmse: Number(rmse),
    rows: Number(rows),
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
