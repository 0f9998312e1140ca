// `npm run restore -- <dir> [--force] [--with-keys]`: restores a backup and verifies it (docs/operations.md).
// Embedded default: stop `npm start` first. Real mode: stop the platform's processes first.
import { parseArgs } from 'node:util';
import { layoutFromEnv } from '../backup/layout.ts';
import { restore } from '../backup/restore.ts';

const usage = 'usage: npm run restore -- <dir> [--force] [--with-keys]';
try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, 'with-keys': { type: 'boolean' } },
  });
  if (positionals.length !== 1) throw new Error(usage);
  const layout = layoutFromEnv(process.env);
  const started = Date.now();
  console.log(
    `restoring ${positionals[0]} into ${layout.databaseUrl ? 'PostgreSQL at DATABASE_URL' : layout.dataDir}`,
  );
  const report = await restore({
    layout,
    from: positionals[0]!,
    force: values.force,
    withKeys: values['with-keys'],
    log: (line) => console.log(line),
  });
  for (const [schema, tables] of Object.entries(report.counts))
    console.log(
      `  ${schema}: ${tables.events ?? 0} events, ${Object.values(tables).reduce((a, b) => a + b, 0)} rows`,
    );
  console.log(
    `${report.check.ok ? 'VERIFIED' : 'NOT VERIFIED'}: rows ${report.check.countDifferences.length ? 'differ' : 'equal the backup'}, ` +
      `chains ${report.check.chains.every((c) => !c.broken) ? 'hold' : 'broken'}, ` +
      `read models ${report.check.readModelDifferences.length ? 'differ' : 'equal the events'}; ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (!report.check.ok) process.exitCode = 1;
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
