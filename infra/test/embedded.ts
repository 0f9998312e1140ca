/**
 * The test files the `embedded` project (vitest.config.ts) runs a second time, against the embedded
 * default that `npm start` runs (PGlite in the data folder, the in-process bus; SAIS_TEST_MODE=embedded).
 * Their harnesses (`scoringHarness`, `teamHarness`, `platformForTest`, `busEnv`) read the mode, so the
 * file is the same in both runs and each run names its mode: `|embedded|` beside the file, the
 * workspace's project name (`|@sais/scoring|`) for PostgreSQL + Kafka.
 *
 * Chosen by what they prove per minute, measured in both modes (docs/operations.md, "Both modes under
 * test"): the paths where the drivers differ (bytea, bigint, timestamps, jsonb; one connection instead
 * of a pool; the in-process bus instead of Kafka) for the least time.
 */
export const embeddedFiles: string[] = [
  // Scoring: uploads to the leaderboard, a team's allowance, refusals (result files, logs: bytea).
  'services/scoring/test/scoring.int.test.ts',
  // Public and private boards, the board as of a past time (the embedded pace of the rebuilds).
  'services/scoring/test/boards.int.test.ts',
  'services/scoring/test/boards-as-of.int.test.ts',
  // Final results sealed and published (signatures, hashes: bytea), and the signed checkpoints.
  'services/scoring/test/publication.int.test.ts',
  'services/scoring/test/transparency.int.test.ts',
  // Personal data sealed per person and shredded on deletion (keys and sealed fields: bytea).
  'services/scoring/test/account-deletion.int.test.ts',
  // The sample submission and the collusion signals read stored bytes (bytea): both once failed here
  // only (the sample gave out the answer file as byte codes; issue 30, kit/src/db/driver-types.ts).
  'services/scoring/test/fair-submissions.int.test.ts',
  'services/scoring/test/integrity.int.test.ts',
  // Scoring's state tables against their events (decision 0028): timestamps, float8, uuid[] and the
  // stored file's SHA-256 compared by the database, and the verify command on the stopped data folder.
  'services/scoring/test/state-tables.int.test.ts',
  // The competition service: settings, phases, content, datasets and their downloads.
  'services/competition/test/competition.int.test.ts',
  // Slugs: the unique index, the list's orders, and the migration's SQL on both databases.
  'services/competition/test/slugs.int.test.ts',
  // The cards' team count: competition's read model of the team events over the in-process bus.
  'services/team/test/team-count.int.test.ts',
  // Teams: forming, the merge rule against scoring's counts, access, and races on one connection.
  'services/team/test/teams.int.test.ts',
  'services/team/test/merge-rule.int.test.ts',
  'services/team/test/access.int.test.ts',
  'services/team/test/concurrency.int.test.ts',
  // Invitation codes (their hashes, the clock) and the search by name (LIKE, lower(), paging).
  'services/team/test/invitations.int.test.ts',
];

/** The portal's browser tests run again on the embedded default (paths within web-portal/). */
export const embeddedPortalFiles: string[] = ['test/journey.e2e.test.ts'];

/*
 * Files that run both modes themselves (a describe per mode), so not here: scoring's
 * fair-competition, phase-rules, ladder and ranking (the boards' order on PostgreSQL and PGlite), competition's registration-window; kit's driver-contract compares
 * the two drivers value by value.
 *
 * Pass in both modes but left out by cost (each 10–20 s, for paths the set above already takes):
 * scoring's email-notices, invalid-files, submission-messages, evaluator-race, containers-off; team's
 * applications and admin. Run one in embedded mode with
 * `SAIS_TEST_MODE=embedded npm test -- --project @sais/scoring services/scoring/test/<file>`.
 * Left out by cost alone: scoring's security (85 s) and tus (90 s).
 *
 * PostgreSQL- or Kafka-specific by nature, PostgreSQL + Kafka only:
 * - scoring faults, worker-crash, disk-space: several processes on one database (PGlite is one
 *   process's), restarts of the PostgreSQL and Kafka containers;
 * - scoring truth-cache, kit's event-store, commit-order, read-all-order, relay-kafka, crash: databases
 *   of their own on the server, PostgreSQL's sessions and transaction ids, Kafka topics;
 * - scoring read-models / read-models-embedded: already one file per mode; upload-memory: embedded only;
 * - gateway backup (pg_dump), deploy (compose): the deployment is PostgreSQL + Kafka; backup also
 *   covers the embedded folder itself.
 * - kit's storage-unavailable and the CLI's outage: a PostgreSQL container stopped and started under the
 *   platform; the embedded database runs in the process and cannot be away on its own (decision 0027).
 *   The answer itself is mode-free: storage-unavailable.unit.test.ts.
 */
