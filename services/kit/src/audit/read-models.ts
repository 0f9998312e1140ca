import type { audit } from '@sais/events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/database.ts';
import type { EventStore } from '../eventstore/event-store.ts';
import { type Projection, lockProjection } from '../projections/projection.ts';
import { type ScratchOptions, ScratchReadModel } from '../projections/scratch.ts';
import { type TableRows, compareRows, primaryKeyOf, readKeys, readPage } from './table-pages.ts';

/** One row of a read model that is not what the events make it (the audit API's answer: events' `audit.responses`). */
export type ReadModelDifference = audit.responses.ReadModelDifference;
export type ReadModelReport = audit.responses.ReadModelReport;
export type ReadModelsResult = audit.responses.ReadModelsResult;

export interface ReadModelsProgress {
  projection: string;
  /** Projections finished so far, of `total`. */
  done: number;
  total: number;
  /** `rebuild` (events read into the copy) or `compare` (rows compared). */
  step: 'rebuild' | 'compare';
  count: number;
}

export interface VerifyReadModelsOptions extends ScratchOptions {
  onProgress?(progress: ReadModelsProgress): void;
  /** Differences listed per projection (all are counted). Default 100. */
  maxDifferences?: number;
}

/**
 * Rebuilds each projection from the events into a scratch schema and compares it, table by table and
 * row by row (by primary key), with the live read model, naming every row that differs. The live side
 * is never written. Built for a platform that keeps running: the copy is built up to the versions the
 * live projection had applied when the check began, then brought to the live versions in a short locked
 * transaction; rows are compared in pages; rows that differ are compared once more after bringing the
 * copy to the live versions again, so events delivered during the check are not reported as tampering.
 * Also the check of a restore from backup (`npm run events:verify -- --read-models`).
 */
export async function verifyReadModels(
  db: Db,
  projections: readonly Projection[],
  sourcesOf: (projection: Projection) => Promise<EventStore[]>,
  options: VerifyReadModelsOptions = {},
): Promise<ReadModelsResult> {
  const reports: ReadModelReport[] = [];
  for (const [index, projection] of projections.entries()) {
    const progress = (step: ReadModelsProgress['step'], count: number) =>
      options.onProgress?.({
        projection: projection.name,
        done: index,
        total: projections.length,
        step,
        count,
      });
    reports.push(await verifyOne(db, projection, await sourcesOf(projection), progress, options));
  }
  options.onProgress?.({
    projection: '',
    done: projections.length,
    total: projections.length,
    step: 'compare',
    count: 0,
  });
  return { ok: reports.every((report) => report.ok), projections: reports };
}

async function verifyOne(
  db: Db,
  projection: Projection,
  stores: readonly EventStore[],
  progress: (step: ReadModelsProgress['step'], count: number) => void,
  options: VerifyReadModelsOptions,
): Promise<ReadModelReport> {
  const scratch = await ScratchReadModel.create(db, projection, options);
  try {
    const upTo = await scratch.livePositions();
    await scratch.build(stores, {
      include: (event) => event.streamVersion <= (upTo.get(event.streamId) ?? 0),
      onProgress: (p) => progress('rebuild', p.read),
    });
    const sync = () =>
      db.transaction().execute(async (trx) => {
        await lockProjection(trx, projection);
        await scratch.syncToLive(trx, stores);
      });
    await sync();

    const volatile = new Set(projection.volatile ?? []);
    const tables: ReadModelReport['tables'] = [];
    const suspects = new Map<string, TableRows>();
    let compared = 0;
    for (const table of scratch.tables) {
      if (volatile.has(table)) {
        tables.push({ table, liveRows: 0, differences: 0, compared: false });
        continue;
      }
      const key = await primaryKeyOf(db, projection.schema, table);
      const found: TableRows = { key, keys: [] };
      let liveRows = 0;
      let pageStarted = performance.now();
      for await (const page of readPage(db, {
        live: projection.schema,
        rebuilt: scratch.schema,
        table,
        key,
      })) {
        liveRows += page.live.length;
        const differing = compareRows(page, volatileColumns(volatile, table)).map((d) => d.keyValues);
        // Memory stays bounded whatever the damage: beyond this many rows per table the count is a floor.
        found.keys.push(...differing.slice(0, suspectsPerTable - found.keys.length));
        compared += page.live.length;
        progress('compare', compared);
        // As `paced`: rest as long as the page took, so the check takes turns with the requests beside it.
        await sleep(Math.min(1000, performance.now() - pageStarted));
        pageStarted = performance.now();
      }
      suspects.set(table, found);
      tables.push({ table, liveRows, differences: 0, compared: true });
    }

    // Rows that differed are looked at again once the copy stands on the live versions of now.
    const differences: ReadModelDifference[] = [];
    if ([...suspects.values()].some((found) => found.keys.length > 0)) {
      await sync();
      for (const [table, found] of suspects) {
        if (found.keys.length === 0) continue;
        const page = await readKeys(db, {
          live: projection.schema,
          rebuilt: scratch.schema,
          table,
          key: found.key,
          keys: found.keys,
        });
        const confirmed = compareRows(page, volatileColumns(volatile, table));
        tables.find((entry) => entry.table === table)!.differences = confirmed.length;
        differences.push(...confirmed.map((d) => ({ projection: projection.name, table, ...d.difference })));
      }
    }
    const max = options.maxDifferences ?? 100;
    return {
      projection: projection.name,
      ok: differences.length === 0,
      applied: scratch.applied,
      tables,
      differences: differences.slice(0, max),
      differenceCount: differences.length,
    };
  } finally {
    await scratch.drop();
  }
}

const suspectsPerTable = 10_000;

function volatileColumns(volatile: ReadonlySet<string>, table: string): Set<string> {
  return new Set(
    [...volatile]
      .filter((entry) => entry.startsWith(`${table}.`))
      .map((entry) => entry.slice(table.length + 1)),
  );
}
