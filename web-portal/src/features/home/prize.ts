/** The third world AI-for-science prize of the landing page (spec §1, §4, §9). */
export const prizeSeason = '2027';

/** Spec §4: registration 02.23, preliminary 03.24–05.25, semi-final 06.07–06.29, final in July. */
export const schedule = ['registration', 'preliminary', 'semiFinal', 'final'] as const;

/** Spec §9, per track: 1 × 100,000 + 2 × 30,000 + 3 × 10,000 + 4 × 2,500 = 200,000 RMB. */
export const prizeTiers = [
  { award: 'champion', teams: 1, perTeam: 100_000 },
  { award: 'runnerUp', teams: 2, perTeam: 30_000 },
  { award: 'third', teams: 3, perTeam: 10_000 },
  { award: 'honorable', teams: 4, perTeam: 2_500 },
] as const;

export const trackPool = prizeTiers.reduce((sum, tier) => sum + tier.teams * tier.perTeam, 0);

export const rules = ['eligibility', 'teams', 'submissions', 'final', 'containers', 'integrity'] as const;

export const committees = ['steering', 'scientific', 'integrity'] as const;

export const organisations = ['host', 'coHost'] as const;

/** The page's sections in order, each an anchor of the section menu. */
export const sections = [
  'tracks',
  'schedule',
  'prizes',
  'rules',
  'committee',
  'organisations',
  'ranking',
] as const;
export type SectionKey = (typeof sections)[number];
