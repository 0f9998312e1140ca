import type { ReadModelsResult, StateTablesResult } from '@sais/kit/platform';

const text = (value: unknown) => (value === null || value === undefined ? '(none)' : JSON.stringify(value));

/** `events:verify --read-models` output: one line per projection, one per differing row and column. */
export function printReadModels(result: ReadModelsResult): void {
  for (const report of result.projections) {
    if (report.ok) {
      const rows = report.tables.reduce((sum, table) => sum + table.liveRows, 0);
      console.log(`read model ${report.projection}: ok, ${rows} rows match the events`);
      continue;
    }
    console.log(`read model ${report.projection}: ${report.differenceCount} rows DIFFER from the events`);
    for (const difference of report.differences) {
      const key = Object.entries(difference.key)
        .map(([column, value]) => `${column}=${text(value)}`)
        .join(', ');
      const what = {
        changed: 'changed',
        extra: 'only in the live table',
        missing: 'missing from the live table',
      };
      console.log(`  ${difference.table} (${key}): ${what[difference.kind]}`);
      if (difference.kind !== 'changed') continue;
      for (const column of difference.columns)
        console.log(`    ${column.column}: live ${text(column.live)}, rebuilt ${text(column.rebuilt)}`);
    }
    if (report.differenceCount > report.differences.length)
      console.log(`  … and ${report.differenceCount - report.differences.length} more`);
  }
}

/** The state tables' part (decision 0028): one line per check, one per differing row and column. */
export function printStateTables(result: StateTablesResult): void {
  for (const report of result.checks) {
    if (report.ok) {
      const rows = report.tables.reduce((sum, table) => sum + table.liveRows, 0);
      console.log(`state ${report.check}: ok, ${rows} rows match the events`);
      continue;
    }
    console.log(`state ${report.check}: ${report.differenceCount} rows DIFFER from the events`);
    for (const difference of report.differences) {
      const key = Object.entries(difference.key)
        .map(([column, value]) => `${column}=${text(value)}`)
        .join(', ');
      const what = {
        changed: 'changed',
        extra: 'not explained by any event',
        missing: 'missing from the table',
      };
      console.log(`  ${difference.table} (${key}): ${what[difference.kind]}`);
      if (difference.kind !== 'changed') continue;
      for (const column of difference.columns)
        console.log(`    ${column.column}: live ${text(column.live)}, events say ${text(column.expected)}`);
    }
    if (report.differenceCount > report.differences.length)
      console.log(`  … and ${report.differenceCount - report.differences.length} more`);
  }
}
