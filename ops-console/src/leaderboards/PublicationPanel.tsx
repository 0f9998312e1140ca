import Publish from '@mui/icons-material/Publish';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { scoring } from '@sais/events';
import { useState } from 'react';
import { useGetIdentity, useGetOne, useTranslate } from 'react-admin';
import { useAction } from '../competitions/useAction';
import { useCompetition } from '../shared/CompetitionPhasePicker';
import { useConsoleApi } from '../shared/useConsoleApi';
import { useLoad } from '../shared/useLoad';
import { EffectDialog } from '../shared/EffectDialog';
import { formatInZone, platformZone } from '../shared/time';

interface Publication {
  mode: 'two-operators' | 'one-operator';
  proposal: {
    proposalId: string;
    proposedBy: string;
    reason: string;
    proposedAt: string;
    sealDigest: string | null;
  } | null;
  published: { at: string; by: string | null } | null;
  /** The phase rules (issue 30): when it ends, and from when its results can be published. */
  schedule: {
    endsAt: string;
    override: 'open' | 'closed' | null;
    ended: boolean;
    publishableFrom: string | null;
    pending: number;
  } | null;
}

interface SealStatus {
  seal: { digest: string; rows: number } | null;
  current: { digest: string; rows: number } | null;
}

type Step = 'publish' | 'propose' | 'approve' | 'withdraw';

const shortDigest = (digest: string | null | undefined) => (digest ? `${digest.slice(0, 12)}…` : null);

/**
 * Publishing a phase's final results (issue 19): where the competition needs two operators, one
 * proposes and a different one approves (either may withdraw first); each step opens a dialog that
 * states the effect, asks for a reason, and for the competition's name where it publishes. Only once
 * the phase has ended and its board stands still (issue 30): before, the panel says from when
 * (the phase's end in the console's time policy) and offers no step but withdrawing a proposal.
 */
export function PublicationPanel({
  competitionId,
  phase,
  teams,
  onPublished,
}: {
  competitionId: string;
  phase: string;
  /** Rows of the private leaderboard about to be revealed. */
  teams: number;
  onPublished: () => void;
}) {
  const translate = useTranslate();
  const api = useConsoleApi();
  const { act, pending } = useAction();
  const { identity } = useGetIdentity();
  const { name, timeZone } = useCompetition(competitionId);
  const [step, setStep] = useState<Step | null>(null);
  const [round, setRound] = useState(0);
  const query = { competitionId, phase } satisfies scoring.requests.PhaseBody;
  const status = useLoad(
    () => api.get<Publication>('/admin/leaderboard/publication', query),
    [api, competitionId, phase, round],
  );
  const seal = useLoad(
    () => api.get<SealStatus>('/admin/leaderboard/seal', query),
    [api, competitionId, phase, round],
  );
  const proposal = status.data?.proposal ?? null;
  const proposer = useGetOne('users', { id: proposal?.proposedBy ?? '' }, { enabled: Boolean(proposal) });
  if (status.error) return <Alert severity="error">{status.error}</Alert>;
  if (!status.data || status.data.published) return null;
  const { mode, schedule } = status.data;
  const zone = timeZone ?? platformZone;
  // The phase rules: publishable only once the phase has ended and nothing of it is still being scored.
  const publishable = Boolean(schedule?.ended) && schedule?.pending === 0;
  const phaseName = translate(`console.competitions.phases.${phase}`);
  const digest =
    shortDigest(proposal?.sealDigest ?? seal.data?.seal?.digest) ??
    translate('console.trust.publication.noSeal');
  const facts = { phase: phaseName, competition: name, teams: teams.toLocaleString(), seal: digest };
  // The proposer by name: the alert waits for it rather than flash the account id.
  const who = proposer.data?.username ?? translate('console.trust.unnamed');
  const mine = proposal && identity && String(identity.id) === proposal.proposedBy;

  const dialogs: Record<
    Step,
    { title: string; effect: string; irreversible: boolean; typed: boolean; reason: boolean; done: string }
  > = {
    publish: {
      title: 'console.trust.publication.publishTitle',
      effect: translate('console.trust.publication.effect', facts),
      irreversible: true,
      typed: true,
      reason: false,
      done: 'console.leaderboards.published',
    },
    propose: {
      title: 'console.trust.publication.proposeTitle',
      effect: translate('console.trust.publication.proposeEffect', facts),
      irreversible: false,
      typed: true,
      reason: true,
      done: 'console.trust.publication.proposedDone',
    },
    approve: {
      title: 'console.trust.publication.approveTitle',
      effect: translate('console.trust.publication.effect', facts),
      irreversible: true,
      typed: true,
      reason: true,
      done: 'console.trust.publication.approvedDone',
    },
    withdraw: {
      title: 'console.trust.publication.withdrawTitle',
      effect: translate('console.trust.publication.withdrawEffect', { who }),
      irreversible: false,
      typed: false,
      reason: true,
      done: 'console.trust.publication.withdrawnDone',
    },
  };
  const run = async (chosen: Step, reason: string) => {
    const path =
      chosen === 'publish' ? '/admin/leaderboard/publish' : `/admin/leaderboard/publication/${chosen}`;
    const answer = await act(
      () =>
        api.post(path, {
          ...query,
          ...(reason ? { reason } : {}),
        } satisfies scoring.requests.PhaseBody | scoring.requests.PhaseReason),
      dialogs[chosen].done,
    );
    if (answer === undefined) return;
    setStep(null);
    setRound((value) => value + 1);
    if (chosen === 'publish' || chosen === 'approve') onPublished();
  };
  const button = (chosen: Step, label: string, variant: 'contained' | 'outlined' = 'contained') => (
    <Button
      variant={variant}
      color={chosen === 'withdraw' ? 'inherit' : 'primary'}
      startIcon={chosen === 'withdraw' ? undefined : <Publish />}
      disabled={pending}
      onClick={() => setStep(chosen)}
      data-testid={`publication-${chosen}`}
    >
      {translate(label)}
    </Button>
  );
  const open = step ? dialogs[step] : null;
  return (
    <Stack spacing={1} data-testid="publication-panel">
      <Alert severity="info" data-testid="publication-mode">
        {translate(`console.trust.publication.mode.${mode}`)}
      </Alert>
      {proposal && !proposer.isPending && (
        <Alert severity="warning" data-testid="publication-proposal">
          {translate('console.trust.publication.proposed', {
            who,
            at: formatInZone(proposal.proposedAt, timeZone ?? platformZone),
            reason: proposal.reason,
          })}
          {mine && ` ${translate('console.trust.publication.ownProposal')}`}
        </Alert>
      )}
      <Alert
        severity={publishable ? 'success' : 'warning'}
        data-testid="publication-window"
        data-publishable={publishable ? 'yes' : 'no'}
      >
        {!schedule
          ? translate('console.trust.publication.noPhase', { phase: phaseName })
          : !schedule.ended
            ? schedule.publishableFrom
              ? translate('console.trust.publication.notYet', {
                  from: formatInZone(schedule.publishableFrom, zone, {
                    seconds: new Date(schedule.publishableFrom).getUTCSeconds() !== 0,
                  }),
                })
              : translate('console.trust.publication.heldOpen', { phase: phaseName })
            : schedule.pending > 0
              ? translate('console.trust.publication.pending', { pending: schedule.pending })
              : translate('console.trust.publication.endedAt')}
      </Alert>
      <Stack direction="row" spacing={1}>
        {publishable && mode === 'one-operator' && button('publish', 'console.trust.publication.publish')}
        {publishable &&
          mode === 'two-operators' &&
          !proposal &&
          button('propose', 'console.trust.publication.propose')}
        {publishable &&
          mode === 'two-operators' &&
          proposal &&
          !mine &&
          button('approve', 'console.trust.publication.approve')}
        {mode === 'two-operators' &&
          proposal &&
          button('withdraw', 'console.trust.publication.withdraw', 'outlined')}
      </Stack>
      {open && step && (
        <EffectDialog
          open
          title={open.title}
          confirm={open.title}
          effect={open.effect}
          irreversible={open.irreversible}
          typeToConfirm={open.typed ? name : undefined}
          withReason={open.reason}
          pending={pending}
          onClose={() => setStep(null)}
          onConfirm={(reason) => void run(step, reason)}
        />
      )}
    </Stack>
  );
}
