import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { competition as C } from '@sais/events';
import { sql } from 'kysely';
import { type scoringHarness, system, waitFor } from './support.ts';

type Harness = Awaited<ReturnType<typeof scoringHarness>>;

/**
 * Lets a harness competition take `kinds` and gives it one dataset, `answers.csv` (written to `datasetsDir`,
 * which the runners read as SCORING_DATASETS_DIR), as an operator would; waits for scoring's mirrors.
 * `allowedRegistries` lets it pull from the test registry on loopback (refused otherwise, issue 18).
 */
export async function takeContainers(
  harness: Harness,
  competitionId: string,
  datasetsDir: string,
  content: string,
  kinds: ('result-file' | 'container-image')[] = ['result-file', 'container-image'],
  allowedRegistries: string[] = [],
) {
  const fileId = randomUUID();
  await writeFile(join(datasetsDir, fileId), content);
  const file = {
    fileId,
    name: 'answers.csv',
    size: content.length,
    contentType: 'text/csv',
    sha256: '0'.repeat(64),
  };
  await harness.platform.stores.get('competition')!.append(
    C.CompetitionUpdated.aggregate,
    `competition-${competitionId}`,
    2, // created and its preliminary phase scheduled (support.ts)
    [
      {
        type: C.CompetitionUpdated.type,
        data: { competitionId, changes: { submissionKinds: kinds, allowedRegistries } },
      },
      { type: C.FileAdded.type, data: { competitionId, kind: 'dataset', file } },
    ],
    system(),
  );
  await waitFor(
    () =>
      sql`select 1 from scoring.competition_datasets d join scoring.competitions c using (competition_id)
        where d.file_id = ${fileId} and c.settings->'submissionKinds' = ${JSON.stringify(kinds)}::jsonb`.execute(
        harness.db,
      ),
    (result) => result.rows.length > 0,
    'the competition and datasets mirrors',
  );
}
