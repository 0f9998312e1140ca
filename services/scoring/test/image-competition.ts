/**
 * A competition that takes container images, with its dataset files uploaded (the hidden ones hidden),
 * once the scoring service's mirrors hold both the files and the image setting: where the files on
 * code-competition runs (hidden data, smoke runs, re-scored records) start.
 */
import { multipart } from '@sais/kit/testing';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { type scoringHarness, waitFor } from './support.ts';

type Harness = Awaited<ReturnType<typeof scoringHarness>>;

export async function imageCompetition<Name extends string>(
  harness: Harness,
  registryAddress: string,
  truth: string,
  files: { name: Name; text: string; hidden?: boolean }[],
  settings?: Parameters<Harness['competition']>[1],
): Promise<{ competitionId: string; fileIds: Record<Name, string> }> {
  const operator = harness.operator.web;
  const competitionId = await harness.competition(truth, settings);
  const updated = await operator.raw({
    method: 'PUT',
    url: `/api/admin/competitions/${competitionId}`,
    payload: { submissionKinds: ['result-file', 'container-image'], allowedRegistries: [registryAddress] },
  });
  expect(updated.body.code).toBe(0);
  const fileIds = {} as Record<Name, string>;
  for (const file of files) {
    const { payload, contentType } = multipart(
      { kind: 'dataset' },
      { file: { name: file.name, type: 'text/csv', bytes: Buffer.from(file.text) } },
    );
    const added = await operator.raw({
      method: 'POST',
      url: `/api/admin/competitions/${competitionId}/files`,
      payload,
      headers: { 'content-type': contentType },
    });
    expect(added.body.code).toBe(0);
    const fileId = added.body.data.fileId as string;
    fileIds[file.name] = fileId;
    if (!file.hidden) continue;
    const hidden = await operator.raw({
      method: 'PUT',
      url: `/api/admin/competitions/${competitionId}/files/${fileId}/visibility`,
      payload: { hidden: true },
    });
    expect(hidden.body).toMatchObject({ code: 0, data: null });
  }
  const hiddenCount = files.filter((file) => file.hidden).length;
  await waitFor(
    () =>
      sql<{ hidden: boolean }>`select hidden from scoring.competition_datasets
        where competition_id = ${competitionId}`.execute(harness.db),
    (result) =>
      result.rows.length === files.length && result.rows.filter((row) => row.hidden).length === hiddenCount,
    'the datasets mirror with the hidden flags',
  );
  await waitFor(
    () =>
      sql`select 1 from scoring.competitions where competition_id = ${competitionId}
        and settings->'submissionKinds' ? 'container-image'`.execute(harness.db),
    (result) => result.rows.length > 0,
    'the competitions mirror taking images',
  );
  return { competitionId, fileIds };
}
