import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useMessages } from '../../forms/useMessages';
import { PageFallback } from '../../layout/PageFallback';
import type { CompetitionDetail } from '../competitions/types';
import { useCompetition } from '../competitions/useCompetition';
import { ParticipantGate } from '../scoring/ParticipantGate';
import { useSession } from '../session/session';
import { BuildTeamPanel } from './BuildTeamPanel';
import type { MessageKey } from '@sais/events';
import { type Confirmation, ConfirmDialog } from './ConfirmDialog';
import { type JoinTeamCalls, JoinTeamPanel } from './JoinTeamPanel';
import { type MyTeamHandlers, MyTeamPanel } from './MyTeamPanel';
import { teamApi } from './teamClient';
import { type MyTeam, type TeamType, teamTypes } from './types';
import { useTeamActions } from './useTeamActions';

function Teams({ competition, teamType }: { competition: CompetitionDetail; teamType: TeamType }) {
  const { t } = useTranslation();
  const { message } = useMessages();
  const navigate = useNavigate();
  const state = useSession();
  const myId = state.status === 'signedIn' ? state.user.userId : '';
  const { competitionId } = competition;
  const [myTeam, setMyTeam] = useState<MyTeam | null>(null);
  const [confirmation, setConfirmation] = useState<(Confirmation & { done: MessageKey }) | null>(null);
  const [params] = useSearchParams();
  const inviteCode = params.get('invite');
  const joinCalls = useMemo<JoinTeamCalls>(
    () => ({
      lookUp: teamApi.detail,
      search: (q, page, size) => teamApi.search(competitionId, q, page, size),
      invitation: teamApi.invitation,
    }),
    [competitionId],
  );

  const load = useCallback(() => {
    teamApi.myTeam(competitionId).then(setMyTeam, () => undefined);
  }, [competitionId]);
  useEffect(load, [load]);
  const { busy, run } = useTeamActions(load);
  const base = `/competitionDetail/${competitionId}/team/`;

  const ask = (title: string, text: string, command: () => Promise<unknown>, done: MessageKey) =>
    setConfirmation({ title, text, run: command, done });
  const confirm = async () => {
    if (!confirmation) return;
    await run(confirmation.run, confirmation.done);
    setConfirmation(null);
  };

  const handlers: MyTeamHandlers = {
    rename: (team, name) => void run(() => teamApi.rename(team.teamId ?? '', name), 'teamRenamed'),
    disband: (team) =>
      ask(
        t('team.disband'),
        t('team.confirmDisband', { name: team.name }),
        () => teamApi.disband(team.teamId ?? ''),
        'teamDisbanded',
      ),
    leave: (team) =>
      ask(
        t('team.leave'),
        t('team.confirmLeave', { name: team.name }),
        () => teamApi.applyLeave(team.teamId ?? ''),
        'teamLeaveRequested',
      ),
    remove: (team, member) =>
      ask(
        t('team.remove'),
        t('team.confirmRemove', { name: member.name }),
        () => teamApi.removeMember(team.teamId ?? '', member.userId),
        'teamMemberRemoved',
      ),
    transfer: (team, member) =>
      ask(
        t('team.transfer'),
        t('team.confirmTransfer', { name: member.name }),
        () => teamApi.transferOwner(team.teamId ?? '', member.userId),
        'teamOwnerTransferred',
      ),
    handle: (application, agree) =>
      void run(
        () => teamApi.handleApplication(application.applicationId, agree),
        agree ? 'teamApplicationAccepted' : 'teamApplicationDeclined',
      ),
    cancel: (applicationId) =>
      void run(() => teamApi.cancelApplication(applicationId), 'teamApplicationWithdrawn'),
  };

  const join = async (code: string) => {
    if (await run(() => teamApi.joinByInvitation(code), 'teamJoined')) void navigate(`${base}myTeam`);
  };

  const create = async (name: string) => {
    if (await run(() => teamApi.create(competitionId, name), 'teamCreated')) void navigate(`${base}myTeam`);
  };

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Tabs value={teamType}>
        {teamTypes.map((type) => (
          <Tab
            key={type}
            value={type}
            label={t(`team.tabs.${type}`)}
            component={Link}
            to={`${base}${type}`}
          />
        ))}
      </Tabs>
      {myTeam ? (
        <>
          <Alert severity="info" data-testid="attempts-left">
            {message('teamAttemptsLeft').replace('{{count}}', String(myTeam.attemptsLeft))}
          </Alert>
          {myTeam.changesOpen ? null : <Alert severity="warning">{message('teamChangesClosed')}</Alert>}
          {teamType === 'buildTeam' ? (
            <BuildTeamPanel myTeam={myTeam} busy={busy} onCreate={(name) => void create(name)} />
          ) : null}
          {teamType === 'joinTeam' ? (
            <JoinTeamPanel
              myTeam={myTeam}
              busy={busy}
              calls={joinCalls}
              inviteCode={inviteCode}
              onApply={(teamId) => void run(() => teamApi.apply(teamId), 'teamApplicationSent')}
              onCancel={handlers.cancel}
              onJoin={(code) => void join(code)}
            />
          ) : null}
          {teamType === 'myTeam' ? (
            <MyTeamPanel myTeam={myTeam} myId={myId} busy={busy} handlers={handlers} />
          ) : null}
        </>
      ) : (
        <PageFallback />
      )}
      <ConfirmDialog
        confirmation={confirmation}
        busy={busy}
        onClose={() => setConfirmation(null)}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}

/** /competitionDetail/{id}/team/{buildTeam|joinTeam|myTeam}: build, join and manage my team. */
export default function TeamPage() {
  const { competition } = useCompetition();
  const { competitionId = '', teamType = '' } = useParams();
  if (!(teamTypes as readonly string[]).includes(teamType))
    return <Navigate to={`/competitionDetail/${competitionId}/team/buildTeam`} replace />;
  return (
    <ParticipantGate competition={competition}>
      {competition ? <Teams competition={competition} teamType={teamType as TeamType} /> : null}
    </ParticipantGate>
  );
}
