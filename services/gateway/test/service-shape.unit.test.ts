import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/platform.ts';
import { allServices } from '../src/services.ts';

/**
 * Two rules of issue 20 that reviews kept missing after merges: payloads are read through their schemas
 * (`dataOf`, `isEvent`), never `event.data as …`; a service file over 300 lines says at its top why.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const servicesDir = join(repositoryRoot, 'services');
const files = readdirSync(servicesDir).flatMap((service) => sourceFiles(join(servicesDir, service, 'src')));
const text = (path: string) => readFileSync(path, 'utf8');
const name = (path: string) => relative(repositoryRoot, path);

describe('service shape', () => {
  it('reads the services’ sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('reads no event payload through a cast', () => {
    const casts = files.filter((path) => /\bevent\.data as\b/.test(text(path))).map(name);
    expect(casts).toEqual([]);
  });

  it('says at the top of every file over 300 lines why it is long', () => {
    const unexplained = files
      .filter((path) => text(path).split('\n').length > 301)
      .filter((path) => !text(path).startsWith('// Over 300 lines:'))
      .map(name);
    expect(unexplained).toEqual([]);
  });

  // Migrations: one file per migration, named by date and order, which is also its name in the record
  // Kysely runs (so a file cannot be renamed without the database noticing).
  it.each(['identity', 'scoring', 'competition', 'team'])(
    'keeps %s’s migrations one dated file each',
    (service) => {
      const folder = join(servicesDir, service, 'src', 'db', 'migrations');
      const migrationFiles = readdirSync(folder);
      expect(migrationFiles.length).toBeGreaterThan(0);
      for (const file of migrationFiles) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}-\d{2}-[a-z0-9-]+\.ts$/);
      const index = text(join(servicesDir, service, 'src', 'db', 'migrations.ts'));
      const listed = [...index.matchAll(/^ {2}'([^']+)': (\w+),$/gm)].map((m) => m[1]);
      expect(listed).toEqual(migrationFiles.map((file) => file.replace(/\.ts$/, '')).sort());
      for (const [, key] of index.matchAll(
        /^import \{ migration as \w+ \} from '\.\/migrations\/([^']+)\.ts';$/gm,
      ))
        expect(listed).toContain(key);
      // Nothing but the list: no migration written in the index itself.
      expect(index).not.toMatch(/async up\(/);
    },
  );

  // Read models are told from state by where their tables are typed (db/tables.ts): `<Service>ReadModels`
  // holds what only projections write (each projection lists its tables; replay rebuilds them and
  // `events:verify --read-models` checks them), `<Service>State` what commands write beside their events.
  it.each([
    ['identity', 'Identity'],
    ['competition', 'Competition'],
    ['team', 'Team'],
    ['scoring', 'Scoring'],
  ])('types %s’s read-model tables apart from its state tables', (service, prefix) => {
    const tables = text(join(servicesDir, service, 'src', 'db', 'tables.ts'));
    const keysOf = (name: string) => {
      const body = new RegExp(`^export interface ${name} \\{\\n([\\s\\S]*?)\\n\\}`, 'm').exec(tables)?.[1];
      expect(body, `interface ${name} in ${service}/src/db/tables.ts`).toBeDefined();
      return [...body!.matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1]!);
    };
    const state = keysOf(`${prefix}State`);
    const readModels = keysOf(`${prefix}ReadModels`);
    expect(tables).toMatch(
      new RegExp(`export interface ${prefix}Tables extends ${prefix}State, ${prefix}ReadModels \\{\\}`),
    );
    const declared = files
      .filter((path) => path.startsWith(join(servicesDir, service, 'src')))
      // A projection's list of names (a state check's `tables` lists objects: decision 0028).
      .flatMap((path) => [...text(path).matchAll(/\btables: \[\s*('[^\]]*)\]/g)])
      .flatMap((m) => [...m[1]!.matchAll(/'(\w+)'/g)].map((t) => t[1]!));
    expect(declared.length).toBeGreaterThan(0);
    // Every read model is some projection's, and no projection writes a state table.
    expect(readModels.filter((table) => !declared.includes(table))).toEqual([]);
    expect(state.filter((table) => declared.includes(table))).toEqual([]);
    // And every table a projection lists that Kysely knows is typed as a read model.
    expect(declared.filter((table) => state.includes(table) || readModels.includes(table)).sort()).toEqual(
      declared.filter((table) => readModels.includes(table)).sort(),
    );
  });

  // Decision 0028: every state table is compared with the events by the service's state check, or the
  // decision says why it is not.
  it.each([
    ['identity', 'Identity'],
    ['competition', 'Competition'],
    ['team', 'Team'],
    ['scoring', 'Scoring'],
  ])('checks %s’s state tables against the events, or says why not', (service, prefix) => {
    const tables = text(join(servicesDir, service, 'src', 'db', 'tables.ts'));
    const body = new RegExp(`^export interface ${prefix}State \\{\\n([\\s\\S]*?)\\n\\}`, 'm').exec(
      tables,
    )![1]!;
    const state = [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1]!);
    const definition = allServices.find((s) => s.name === service)!;
    const checked = (definition.stateChecks ?? []).flatMap((check) => check.tables.map((t) => t.table));
    const decision = text(join(repositoryRoot, 'docs', 'decisions', '0028-state-tables-checked.md'));
    const unexplained = state.filter(
      (table) => !checked.includes(table) && !decision.includes(`\`${definition.schema}.${table}\``),
    );
    expect(unexplained).toEqual([]);
    // A checked table is a state table (read models have their own check).
    expect(checked.filter((table) => !state.includes(table))).toEqual([]);
  });
});
