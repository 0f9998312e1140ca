import { chmod, copyFile, link, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { competition } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { isEvent } from '@sais/kit/eventstore';
import { defineProjection } from '@sais/kit/projections';
import type { ScoringDb } from '../db/tables.ts';

const t = (trx: Db) => trx.withSchema('scoring') as ScoringDb;

/** The competition's datasets (not its documents), which container runs see at /saisdata, hidden ones too (0032). */
export const datasetsMirror = defineProjection({
  name: 'scoring.competition_datasets',
  schema: 'scoring',
  tables: ['competition_datasets'],
  streamTypes: [competition.FileAdded.aggregate],
  async apply(trx, event) {
    if (isEvent(competition.FileAdded, event)) {
      const { data } = event;
      if (data.kind !== 'dataset') return;
      await t(trx)
        .insertInto('competition_datasets')
        .values({ competition_id: data.competitionId, file_id: data.file.fileId, name: data.file.name })
        .onConflict((oc) => oc.doNothing())
        .execute();
    } else if (isEvent(competition.DatasetVisibilitySet, event)) {
      const { data } = event;
      await t(trx)
        .updateTable('competition_datasets')
        .set({ hidden: data.hidden })
        .where('competition_id', '=', data.competitionId)
        .where('file_id', '=', data.fileId)
        .execute();
    } else if (isEvent(competition.FileRemoved, event)) {
      const { data } = event;
      await t(trx)
        .deleteFrom('competition_datasets')
        .where('competition_id', '=', data.competitionId)
        .where('file_id', '=', data.fileId)
        .execute();
    }
  },
  async reset(trx) {
    await t(trx).deleteFrom('competition_datasets').execute();
  },
});

/**
 * A fresh folder (per submission) holding the competition's datasets under their names (hard links to the competition
 * service's files, or copies across file systems), readable by the run's non-root user. Remove it after.
 * Hidden datasets are staged like the others (decision 0032); `hidden` says whether any was.
 */
export async function stageDatasets(
  db: Db,
  competitionId: string,
  filesDir: string,
  submissionId: string,
  stagingDir: string,
  /** A smoke run's (decision 0049): only this file (the smoke split, a visible dataset) is staged. */
  only?: string,
): Promise<{ folder: string; hidden: boolean }> {
  // Named by submission: a later attempt replaces what a killed runner left on this machine.
  const folder = join(stagingDir, submissionId);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true, mode: 0o755 });
  try {
    await chmod(folder, 0o755);
    let query = t(db)
      .selectFrom('competition_datasets')
      .select(['file_id', 'name', 'hidden'])
      .where('competition_id', '=', competitionId);
    if (only !== undefined) query = query.where('file_id', '=', only).where('hidden', '=', false);
    const files = await query.execute();
    for (const file of files) {
      const name = file.name.replace(/[/\\]/g, '_');
      const source = join(filesDir, file.file_id);
      const target = join(folder, name);
      await link(source, target).catch(() => copyFile(source, target));
      await chmod(target, 0o644);
    }
    return { folder, hidden: files.some((file) => file.hidden) };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
