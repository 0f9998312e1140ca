import type { team } from '@sais/events';
import { UsageError } from '../api.ts';
import type { Context } from '../output.ts';
import { emit } from '../output.ts';

/** `/api/team/myTeam`'s answer (the route's response schema, `@sais/events`). */
type MyTeam = team.responses.MyTeamView;

const myTeam = (context: Context, competitionId: string) =>
  context.api.get<MyTeam>('/api/team/myTeam', { competitionId } satisfies team.requests.CompetitionQuery);

/** `sais team show <competition>`. */
export async function showTeam(context: Context, competitionId: string) {
  const mine = await myTeam(context, competitionId);
  emit(context, mine, () => {
    if (!mine.team) return context.t('noTeam');
    const t = mine.team;
    const lines = [
      context.t('teamLine', {
        name: t.name,
        id: t.teamId ?? '-',
        solo: t.solo ? context.t('solo') : '',
        count: t.members.length,
        limit: mine.teamSizeLimit,
        attempts: mine.attemptsLeft,
      }),
      ...t.members.map(
        (m) => `  ${m.userId === t.ownerId ? '*' : ' '} ${m.name} (${m.username}, ${m.userId})`,
      ),
      ...t.applications.map((a) =>
        context.t('applicationLine', { kind: context.t(a.kind), id: a.applicationId, name: a.name }),
      ),
    ];
    if (mine.myApplication)
      lines.push(
        context.t('myApplication', {
          kind: context.t(mine.myApplication.kind),
          team: mine.myApplication.teamName,
          id: mine.myApplication.applicationId,
        }),
      );
    return lines.join('\n');
  });
}

/** `sais team create <competition> <name>`. */
export async function createTeam(context: Context, competitionId: string, name: string) {
  const created = await context.api.post<team.responses.TeamCreated>('/api/team/create', {
    competitionId,
    name,
  } satisfies team.requests.CreateTeam);
  emit(context, created, () => context.t('teamCreated', { name, id: created.teamId }));
}

/** The team I am in (not alone), for the calls that name it. */
async function myTeamId(context: Context, competitionId: string): Promise<string> {
  const mine = await myTeam(context, competitionId);
  if (!mine.team?.teamId || mine.team.solo) throw new UsageError(context.t('noTeamToLeave'));
  return mine.team.teamId;
}

const done = (context: Context) => emit(context, { ok: true }, () => context.t('done'));

export async function renameTeam(context: Context, competitionId: string, name: string) {
  await context.api.post('/api/team/rename', {
    teamId: await myTeamId(context, competitionId),
    name,
  } satisfies team.requests.RenameTeam);
  done(context);
}

export async function applyToTeam(context: Context, teamId: string) {
  await context.api.post('/api/team/apply', { teamId } satisfies team.requests.TeamBody);
  done(context);
}

export async function leaveTeam(context: Context, competitionId: string) {
  await context.api.post('/api/team/applyLeave', {
    teamId: await myTeamId(context, competitionId),
  } satisfies team.requests.TeamBody);
  done(context);
}

export async function handleApplication(context: Context, applicationId: string, agree: boolean) {
  await context.api.post('/api/team/handleApplication', {
    applicationId,
    agree,
  } satisfies team.requests.HandleApplication);
  done(context);
}

export async function cancelApplication(context: Context, applicationId: string) {
  await context.api.post('/api/team/cancelApplication', {
    applicationId,
  } satisfies team.requests.ApplicationBody);
  done(context);
}

export async function removeMember(context: Context, competitionId: string, userId: string) {
  await context.api.post('/api/team/removeMember', {
    teamId: await myTeamId(context, competitionId),
    userId,
  } satisfies team.requests.MemberBody);
  done(context);
}

export async function transferOwner(context: Context, competitionId: string, userId: string) {
  await context.api.post('/api/team/transferOwner', {
    teamId: await myTeamId(context, competitionId),
    userId,
  } satisfies team.requests.MemberBody);
  done(context);
}

export async function disbandTeam(context: Context, competitionId: string) {
  await context.api.post('/api/team/disband', {
    teamId: await myTeamId(context, competitionId),
  } satisfies team.requests.TeamBody);
  done(context);
}
