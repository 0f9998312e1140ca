// `npm run backup -- <dir> [--with-keys]`: backs up the platform (docs/operations.md, "Backup and restore").
// Embedded default: stop `npm start` first. Real mode (DATABASE_URL): online, one consistent snapshot.
import { parseArgs } from 'node:util';
import { backup } from '../backup/backup.ts';
import { layoutFromEnv } from '../backup/layout.ts';

const usage = 'usage: npm run backup -- <dir> [--with-keys]   (--with-keys needs SAIS_BACKUP_PASSPHRASE)';
try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'with-keys': { type: 'boolean' } },
  });
  if (positionals.length !== 1) throw new Error(usage);
  const layout = layoutFromEnv(process.env);
  const started = Date.now();
  console.log(
    `backing up ${layout.databaseUrl ? 'PostgreSQL at DATABASE_URL' : layout.dataDir} to ${positionals[0]}`,
  );
  const manifest = await backup({
    layout,
    out: positionals[0]!,
    withKeys: values['with-keys'],
    log: (line) => console.log(line),
  });
  for (const [schema, tables] of Object.entries(manifest.counts))
    console.log(
      `  ${schema}: ${tables.events ?? 0} events, ${Object.values(tables).reduce((a, b) => a + b, 0)} rows`,
    );
  console.log(
    `done in ${((Date.now() - started) / 1000).toFixed(1)} s; keys: ${Object.keys(manifest.keys).join(', ') || 'none'} ` +
      (manifest.keysArchive
        ? '(sealed in keys.enc)'
        : '(NOT in the backup: keep a copy of the keys folder apart)'),
  );
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
