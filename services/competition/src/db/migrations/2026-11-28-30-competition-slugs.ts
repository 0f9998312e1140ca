import { type Migration, sql } from 'kysely';

/**
 * Issue 35 point 12 (decision 0036): every competition has a unique short name. New ones carry it in
 * their CompetitionCreated settings; the existing ones get theirs here, from the English title as
 * `slugOf` (events/src/competition/competition.ts) makes it, numbered in order of creation where two
 * titles give the same one, and by their id where a title gives none.
 */
export const migration: Migration = {
  async up(db) {
    await sql`alter table competition.competitions add column slug text`.execute(db);
    await sql`
      with words as (
        select competition_id, created_at,
          trim(both '-' from regexp_replace(lower(coalesce(settings->'title'->>'en', '')), '[^a-z0-9]+', '-', 'g')) as full_slug
        from competition.competitions where settings->>'slug' is null
      ), cut as (
        -- At most 50 characters, cut at a hyphen (the whole first word when it alone is longer).
        select competition_id, created_at,
          case when length(full_slug) <= 50 then full_slug
               when position('-' in full_slug) = 0 or position('-' in full_slug) > 51 then left(split_part(full_slug, '-', 1), 50)
               else regexp_replace(left(full_slug, 51), '-[^-]*$', '') end as base
        from words
      ), named as (
        select competition_id, created_at,
          case when length(base) >= 3 then base else 'competition-' || left(competition_id::text, 8) end as base
        from cut
      ), numbered as (
        select competition_id,
          base || case when row_number() over (partition by base order by created_at, competition_id) = 1 then ''
                       else '-' || row_number() over (partition by base order by created_at, competition_id) end as slug
        from named
      )
      update competition.competitions c set slug = n.slug
      from numbered n where n.competition_id = c.competition_id`.execute(db);
    await sql`update competition.competitions set slug = settings->>'slug' where slug is null`.execute(db);
    await sql`alter table competition.competitions alter column slug set not null`.execute(db);
    await sql`create unique index competitions_slug on competition.competitions (slug)`.execute(db);
  },
};
