/** Shapes of the team service's calls (services/team/src/http/schemas.ts). */
export interface Person {
  userId: string;
  /** Nickname, else username. */
  name: string;
  username: string;
  email: string | null;
  organization: string | null;
  /** Not Verified, Processing or Verified. */
  authStatus: string;
  /** The person's data was deleted (account closed): shown as a deleted user. */
  deleted?: boolean;
}

export interface Member extends Person {
  isAdmin: boolean;
}

export interface Application extends Person {
  applicationId: string;
  kind: 'join' | 'leave';
  requestedAt: string;
}

export interface MyApplication {
  applicationId: string;
  kind: 'join' | 'leave';
  teamId: string;
  teamName: string;
  requestedAt: string;
}

export interface Team {
  /** Null for the single-person team of a participant without a team. */
  teamId: string | null;
  competitionId: string;
  name: string;
  solo: boolean;
  disbanded: boolean;
  ownerId: string;
  members: Member[];
  /** Pending join and leave applications; only the owner sees them. */
  applications: Application[];
}

export interface MyTeam {
  competitionId: string;
  signedUp: boolean;
  teamSizeLimit: number;
  attemptsTotal: number;
  attemptsLeft: number;
  teamMergeDeadline: string | null;
  changesOpen: boolean;
  team: Team | null;
  myApplication: MyApplication | null;
}

export interface TeamSummary {
  teamId: string;
  competitionId: string;
  name: string;
  ownerName: string;
  memberCount: number;
  teamSizeLimit: number;
  disbanded: boolean;
}

export const teamTypes = ['buildTeam', 'joinTeam', 'myTeam'] as const;
export type TeamType = (typeof teamTypes)[number];
