import { randomUUID } from 'node:crypto';
import { Competitions, FileStorage, competitionFilesDir, seedPrize } from '@sais/competition';
import type { Platform, PlatformConfig } from '@sais/kit/platform';
import { GroundTruths, SplitKeys } from '@sais/scoring';

/**
 * First run: loads the five-track prize (competitions, datasets) and gives the scoring service each
 * track's ground truth. Does nothing once a competition exists, or with SAIS_SEED=off.
 */
export async function seedIfEmpty(platform: Platform, config: PlatformConfig): Promise<number> {
  if (config.env.SAIS_SEED === 'off') return 0;
  const { db } = platform.database;
  const competitions = new Competitions(
    db,
    platform.stores.get('competition')!,
    new FileStorage(competitionFilesDir(config.dataDir)),
  );
  if ((await competitions.count()) > 0) return 0;
  const tracks = await seedPrize(competitions);
  const groundTruths = new GroundTruths(db, platform.stores.get('scoring')!, () => SplitKeys.load(config));
  const metadata = {
    actor: { userId: null, role: 'system' as const },
    correlationId: randomUUID(),
    causationId: null,
  };
  for (const track of tracks)
    // Demo data: published with the split key after the last final results (decision 0031).
    await groundTruths.upload(track.competitionId, track.metric, 50, track.groundTruth, metadata, {
      revealGroundTruth: true,
    });
  platform.app.log.info({ competitions: tracks.length }, 'loaded the five-track prize (seed data)');
  return tracks.length;
}
