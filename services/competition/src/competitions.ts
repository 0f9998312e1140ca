// Over 300 lines: the competition service's one application class: commands (load → decide → append), sign-up,
// the public list with its filters, files and download records; the rules themselves are in its decider.
import { randomUUID } from 'node:crypto';
import { type EventMetadata, competition } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { type EventStore, handleCommand } from '@sais/kit/eventstore';
import type { Kysely, Selectable } from 'kysely';
import type { CompetitionTables } from './db/tables.ts';
import {
  type CompetitionCommand,
  type Content,
  type ContentSection,
  type CompetitionStatus,
  type PhaseName,
  type Settings,
  competitionDecider,
  currentPhase,
  statusAt,
} from './domain/competition.ts';
import { registrationDecider, registrationStream } from './domain/registration.ts';
import { competitionErrors } from './errors.ts';
import { recordDownload } from './files/downloads.ts';
import { csvPreview, previewRange } from './files/preview.ts';
import type { FileStorage } from './files/storage.ts';

const stream = (competitionId: string) => `competition-${competitionId}`;

/** Who reads a competition's files: operators and admins on the console (`staff`) or anyone else. */
export type FileReader = 'staff' | 'participant';

/**
 * Staff for the files (decision 0032): an operator or admin signed in on the console; a personal access
 * token (the CLI) reads as a participant even on a staff account (decision 0019: tokens are not for staff).
 */
export const fileReaderOf = (principal: { roles: readonly string[]; token?: unknown } | null): FileReader =>
  principal && !principal.token && (principal.roles.includes('operator') || principal.roles.includes('admin'))
    ? 'staff'
    : 'participant';

/**
 * The files `reader` may see (decision 0032): a participant (or anyone not staff) never a hidden one, and
 * their `hidden` flag is not even named; staff every one, each with `hidden`.
 */
export function visibleFiles<T extends { hidden: boolean }>(
  files: readonly T[],
  reader: FileReader,
): (Omit<T, 'hidden'> & { hidden?: boolean })[] {
  if (reader === 'staff') return [...files];
  return files.filter((file) => !file.hidden).map(({ hidden: _hidden, ...file }) => file);
}
const notFound = competitionErrors.competitionNotFound;

export interface ListQuery {
  status?: CompetitionStatus;
  type?: string;
  season?: string;
  search?: string | undefined;
  sort?: (typeof competition.requests.competitionSorts)[number] | undefined;
  page: number;
  pageSize: number;
}

type Listed = {
  slug: string;
  bonus: number;
  title: { en: string };
  phases: Record<string, { endsAt: string } | undefined>;
};

/** The end of a competition's last scheduled phase (its deadline), or null without phases. */
const deadlineOf = (item: Listed) =>
  Object.values(item.phases).reduce<number | null>((latest, phase) => {
    const end = phase ? Date.parse(phase.endsAt) : NaN;
    return Number.isNaN(end) ? latest : Math.max(latest ?? end, end);
  }, null);

/**
 * The list's orders (decision 0036), each stable (ties in creation order, which the rows come in):
 * created, newest, prize (largest first), deadline (earliest first, none last), title (English).
 */
export function sortCompetitions<T extends Listed>(items: T[], sort: ListQuery['sort']) {
  if (!sort || sort === 'created') return items;
  if (sort === 'newest') return items.reverse();
  const key: (item: T) => number | string =
    sort === 'prize'
      ? (item) => -item.bonus
      : sort === 'deadline'
        ? (item) => deadlineOf(item) ?? Number.POSITIVE_INFINITY
        : (item) => item.title.en.toLowerCase();
  return items.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** A competition's participants: the accounts signed up, and the teams formed (competition_teams). */
interface Counts {
  entrants: number;
  teams: number;
}

export class Competitions {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly files: FileStorage,
    /** The runners' defaults and machine ceiling of container runs (the environment's; decision 0044). */
    private readonly runPolicy: competition.RunLimitPolicy = competition.runLimitPolicy(process.env),
  ) {}

  /** An operator sets the limits of a phase's container runs, within the runners' machine ceiling. */
  async setRunLimits(
    competitionId: string,
    phase: PhaseName,
    limits: competition.PhaseRunLimits,
    metadata: EventMetadata,
  ) {
    await this.execute(
      competitionId,
      { type: 'SetRunLimits', phase, limits, policy: this.runPolicy },
      metadata,
    );
  }

  /** The runners' defaults and machine ceiling (the console's form shows the ceiling). */
  get runLimitPolicy(): competition.RunLimitPolicy {
    return this.runPolicy;
  }

  #t(trx: Db = this.db) {
    return trx.withSchema('competition') as Kysely<CompetitionTables>;
  }

  /**
   * The kit's command handler on the competition stream; the competitions table is kept equal to the fold
   * of the stream (and `work` writes the command's own rows) in the same transaction as the events.
   */
  async execute(
    competitionId: string,
    command: CompetitionCommand,
    metadata: EventMetadata,
    work?: (trx: Db) => Promise<void>,
  ) {
    await handleCommand(this.store, competitionDecider, stream(competitionId), command, metadata, {
      alongside: async (trx, appended, state) => {
        if (state.status === 'none') return;
        const row = {
          settings: JSON.stringify(state.settings) as unknown as Settings,
          phases: JSON.stringify(state.phases) as unknown as typeof state.phases,
          content: JSON.stringify(state.content) as unknown as Content,
          type: state.settings.type,
          season: state.settings.season,
          version: appended.at(-1)!.streamVersion,
        };
        // The slug is set once, when the row is made (decision 0036); older rows got theirs by migration.
        const slug = state.settings.slug ?? `competition-${competitionId}`;
        await this.#t(trx)
          .insertInto('competitions')
          .values({ competition_id: competitionId, slug, ...row })
          .onConflict((oc) => oc.column('competition_id').doUpdateSet(row))
          .execute();
        await work?.(trx);
      },
    });
  }

  async create(
    settings: Settings,
    phases: { phase: PhaseName; startsAt: string; endsAt: string }[],
    metadata: EventMetadata,
    { byAdmin = false } = {},
  ) {
    const competitionId = randomUUID();
    const slug = await this.#freeSlug(settings, competitionId);
    await this.execute(
      competitionId,
      { type: 'Create', competitionId, settings: { ...settings, slug }, byAdmin },
      metadata,
    );
    for (const phase of phases)
      await this.execute(competitionId, { type: 'SchedulePhase', ...phase }, metadata);
    return competitionId;
  }

  async addFile(
    competitionId: string,
    kind: 'document' | 'dataset',
    file: { name: string; contentType: string; bytes: Buffer },
    metadata: EventMetadata,
  ) {
    await this.#find(competitionId);
    const fileId = randomUUID();
    const { size, sha256 } = await this.files.put(fileId, file.bytes);
    const described = { fileId, name: file.name, size, contentType: file.contentType, sha256 };
    await this.execute(competitionId, { type: 'AddFile', kind, file: described }, metadata, async (trx) => {
      await this.#t(trx)
        .insertInto('files')
        .values({
          file_id: fileId,
          competition_id: competitionId,
          kind,
          name: file.name,
          size,
          content_type: file.contentType,
          sha256,
        })
        .execute();
    });
    return described;
  }

  async removeFile(competitionId: string, fileId: string, metadata: EventMetadata) {
    await this.execute(competitionId, { type: 'RemoveFile', fileId }, metadata, async (trx) => {
      await this.#t(trx).updateTable('files').set({ removed: true }).where('file_id', '=', fileId).execute();
    });
  }

  /** An operator hides a dataset from participants or shows it again (decision 0032). */
  async setDatasetVisibility(
    competitionId: string,
    fileId: string,
    hidden: boolean,
    metadata: EventMetadata,
  ) {
    await this.execute(
      competitionId,
      { type: 'SetDatasetVisibility', fileId, hidden },
      metadata,
      async (trx) => {
        await this.#t(trx).updateTable('files').set({ hidden }).where('file_id', '=', fileId).execute();
      },
    );
  }

  /** An operator writes one section of the competition's page (both languages; empty = not written). */
  async writeSection(
    competitionId: string,
    section: ContentSection,
    text: competition.SectionText,
    metadata: EventMetadata,
  ) {
    await this.execute(competitionId, { type: 'WriteSection', section, text }, metadata);
    return this.content(competitionId);
  }

  /** The page's sections as operators wrote them; a section never written has both texts empty. */
  async content(competitionId: string) {
    const { content } = await this.#find(competitionId);
    return {
      competitionId,
      sections: Object.fromEntries(
        competition.contentSections.map((section) => [section, content[section] ?? { 'zh-CN': '', en: '' }]),
      ) as Record<ContentSection, competition.SectionText>,
    };
  }

  /**
   * The new competition's slug (decision 0036): the operator's, refused when another has it; else the
   * English title's, numbered (-2, -3…) past the ones taken; else one made of the id.
   */
  async #freeSlug(settings: Settings, competitionId: string): Promise<string> {
    const taken = async (slug: string) =>
      Boolean(
        await this.#t().selectFrom('competitions').select('slug').where('slug', '=', slug).executeTakeFirst(),
      );
    if (settings.slug) {
      if (await taken(settings.slug)) throw competitionErrors.slugTaken();
      return settings.slug;
    }
    const base = competition.slugOf(settings.title.en) ?? `competition-${competitionId.slice(0, 8)}`;
    for (let n = 1; n <= 100; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await taken(slug))) return slug;
    }
    return `${base}-${competitionId.slice(0, 8)}`;
  }

  /** A competition's id by its slug (decision 0036). */
  async idOfSlug(slug: string): Promise<string> {
    const row = await this.#t()
      .selectFrom('competitions')
      .select('competition_id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row.competition_id;
  }

  async #find(competitionId: string) {
    const row = await this.#t()
      .selectFrom('competitions')
      .selectAll()
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  #view(row: Selectable<CompetitionTables['competitions']>, now: Date, counts: ReadonlyMap<string, Counts>) {
    return {
      competitionId: row.competition_id,
      ...row.settings,
      slug: row.slug,
      // Each phase with the limits its runs use: the operator's, else the defaults (older phases).
      phases: Object.fromEntries(
        Object.entries(row.phases).map(([name, phase]) => [
          name,
          { ...phase, runLimits: competition.phaseLimitsOf(phase, this.runPolicy) },
        ]),
      ) as typeof row.phases,
      status: statusAt(row.phases, now),
      currentPhase: currentPhase(row.phases, now),
      entrants: counts.get(row.competition_id)?.entrants ?? 0,
      teams: counts.get(row.competition_id)?.teams ?? 0,
      registration: competition.registrationAt(row.phases, now),
    };
  }

  /** How many signed up for each of `ids`, and how many teams each has (two grouped reads over indexed keys). */
  async #counts(ids: readonly string[]): Promise<Map<string, Counts>> {
    const counts = new Map<string, Counts>(ids.map((id) => [id, { entrants: 0, teams: 0 }]));
    if (ids.length === 0) return counts;
    const [entrants, teams] = await Promise.all([
      this.#t()
        .selectFrom('registrations')
        .select(['competition_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('competition_id', 'in', ids)
        .groupBy('competition_id')
        .execute(),
      this.#t()
        .selectFrom('competition_teams')
        .select(['competition_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('competition_id', 'in', ids)
        .groupBy('competition_id')
        .execute(),
    ]);
    for (const row of entrants) counts.get(row.competition_id)!.entrants = Number(row.n);
    for (const row of teams) counts.get(row.competition_id)!.teams = Number(row.n);
    return counts;
  }

  async list(query: ListQuery, now = new Date()) {
    let rows = this.#t().selectFrom('competitions').selectAll();
    if (query.type) rows = rows.where('type', '=', query.type);
    if (query.season) rows = rows.where('season', '=', query.season);
    // Status depends on the clock, so it is derived here rather than stored.
    const all = (await rows.orderBy('created_at', 'asc').execute()).map((row) =>
      this.#view(row, now, new Map()),
    );
    const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const filtered = all.filter(
      (item) =>
        (!query.status || item.status === query.status) &&
        words.every((word) =>
          [
            item.slug,
            item.title.en,
            item.title['zh-CN'],
            item.description.en,
            item.description['zh-CN'],
          ].some((text) => text.toLowerCase().includes(word)),
        ),
    );
    sortCompetitions(filtered, query.sort);
    const start = (query.page - 1) * query.pageSize;
    const page = filtered.slice(start, start + query.pageSize);
    const counts = await this.#counts(page.map((item) => item.competitionId));
    return {
      total: filtered.length,
      page: query.page,
      pageSize: query.pageSize,
      records: page.map((item) => ({ ...item, ...counts.get(item.competitionId)! })),
    };
  }

  async detail(competitionId: string, accountId: string | null, now = new Date()) {
    const view = this.#view(await this.#find(competitionId), now, await this.#counts([competitionId]));
    const signedUp = accountId ? await this.isSignedUp(competitionId, accountId) : false;
    return { ...view, signedUp };
  }

  async isSignedUp(competitionId: string, accountId: string): Promise<boolean> {
    return !!(await this.#t()
      .selectFrom('registrations')
      .select('account_id')
      .where('competition_id', '=', competitionId)
      .where('account_id', '=', accountId)
      .executeTakeFirst());
  }

  async isVerified(accountId: string): Promise<boolean> {
    return !!(await this.#t()
      .selectFrom('verified_users')
      .select('account_id')
      .where('account_id', '=', accountId)
      .executeTakeFirst());
  }

  /** Sign-up: verified users only, every agreement accepted, while registration is open (the decider's rule). */
  async signUp(
    competitionId: string,
    accountId: string,
    accepted: string[],
    metadata: EventMetadata,
    now = new Date(),
  ) {
    const row = await this.#find(competitionId);
    if (!(await this.isVerified(accountId))) throw competitionErrors.verificationRequired();
    const missing = row.settings.agreements.filter((agreement) => !accepted.includes(agreement.agreementId));
    if (missing.length > 0) {
      throw competitionErrors.agreementsRequired(missing.map((a) => a.agreementId));
    }
    // The registration window is the decider's rule (issue 30); the phases and the time are its facts.
    const command = {
      type: 'SignUp',
      competitionId,
      accountId,
      acceptedAgreements: accepted,
      phases: row.phases,
      now,
      timeZone: row.settings.timeZone,
    } as const;
    await handleCommand(
      this.store,
      registrationDecider,
      registrationStream(competitionId, accountId),
      command,
      metadata,
      {
        alongside: async (trx) => {
          const inserted = await this.#t(trx)
            .insertInto('registrations')
            .values({ competition_id: competitionId, account_id: accountId, signed_up_at: now })
            .onConflict((oc) => oc.doNothing())
            .returning('account_id')
            .executeTakeFirst();
          if (!inserted) throw competitionErrors.alreadySignedUp();
        },
      },
    );
  }

  /** "My activities": the competitions I signed up for, newest first. */
  async myRaces(accountId: string, now = new Date()) {
    const rows = await this.#t()
      .selectFrom('registrations')
      .innerJoin('competitions', 'competitions.competition_id', 'registrations.competition_id')
      .selectAll('competitions')
      .select('registrations.signed_up_at')
      .where('registrations.account_id', '=', accountId)
      .orderBy('registrations.signed_up_at', 'desc')
      .execute();
    const counts = await this.#counts(rows.map((row) => row.competition_id));
    return rows.map((row) => ({
      ...this.#view(row, now, counts),
      signedUpAt: new Date(row.signed_up_at).toISOString(),
    }));
  }

  /**
   * The competition's files as `reader` may see them (decision 0032): staff see every one, hidden datasets
   * marked `hidden: true`; anyone else never sees a hidden one (`visibleFiles`).
   */
  async filesOf(competitionId: string, reader: FileReader = 'participant') {
    await this.#find(competitionId);
    const rows = await this.#t()
      .selectFrom('files')
      .selectAll()
      .where('competition_id', '=', competitionId)
      .where('removed', '=', false)
      .orderBy('added_at')
      .execute();
    return visibleFiles(
      rows.map((row) => ({
        fileId: row.file_id,
        kind: row.kind,
        name: row.name,
        size: Number(row.size),
        contentType: row.content_type,
        sha256: row.sha256,
        hidden: row.hidden,
      })),
      reader,
    );
  }

  /** One file, for `reader`: a hidden dataset is "not found" for anyone but staff (its existence is not confirmed). */
  async file(fileId: string, reader: FileReader = 'participant') {
    const row = await this.#t()
      .selectFrom('files')
      .selectAll()
      .where('file_id', '=', fileId)
      .where('removed', '=', false)
      .executeTakeFirst();
    if (!row || (row.hidden && reader !== 'staff')) throw competitionErrors.fileNotFound();
    return row;
  }

  /**
   * The first rows of a CSV file for whoever may download it (documents after sign-up, datasets for
   * verified users, as `GET /race/download`); null for a file that is not CSV. Not a download: not recorded.
   */
  async preview(fileId: string, accountId: string, reader: FileReader = 'participant') {
    const file = await this.file(fileId, reader);
    await this.mayDownload(file, accountId, reader);
    const csv = file.content_type.startsWith('text/csv') || file.name.toLowerCase().endsWith('.csv');
    const range = previewRange(Number(file.size));
    if (!csv || !range) return null;
    return csvPreview(this.files.read(fileId, range));
  }

  /**
   * Whether `accountId` may read `file` (found by `file(…, reader)`): documents after sign-up, datasets when
   * verified; a hidden dataset only staff (`file` refused it to anyone else), verified or not.
   */
  async mayDownload(
    file: { kind: 'document' | 'dataset'; competition_id: string; hidden: boolean },
    accountId: string,
    reader: FileReader,
  ) {
    if (file.hidden) {
      if (reader !== 'staff') throw competitionErrors.fileNotFound();
      return;
    }
    if (file.kind === 'document' && !(await this.isSignedUp(file.competition_id, accountId)))
      throw competitionErrors.signUpRequired();
    if (file.kind === 'dataset' && !(await this.isVerified(accountId)))
      throw competitionErrors.verificationRequired();
  }

  /** A download, recorded once per user, file and day (files/downloads.ts). */
  async recordDownload(
    file: { file_id: string; competition_id: string },
    accountId: string,
    range: string | null,
    bytes: number,
    metadata: EventMetadata,
  ) {
    return recordDownload(
      this.db,
      this.store,
      { competitionId: file.competition_id, fileId: file.file_id, accountId, range, bytes },
      metadata,
    );
  }

  async count(): Promise<number> {
    const row = await this.#t()
      .selectFrom('competitions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
