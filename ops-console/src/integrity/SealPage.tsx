import Lock from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type PublishedPage, type SealCheck, recomputePublishedSeal, type scoring } from '@sais/events';
import { useState } from 'react';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { useAction } from '../competitions/useAction';
import { messageOf } from '../shared/useCommand';
import { useConsoleApi } from '../shared/useConsoleApi';
import { useLoad } from '../shared/useLoad';
import { mayUse } from '../providers/permissions';
import { CompetitionPhasePicker, useCompetition, usePhaseChoice } from '../shared/CompetitionPhasePicker';
import { PublicationPanel } from '../leaderboards/PublicationPanel';
import { EffectDialog } from '../shared/EffectDialog';
import { formatInZone, platformZone } from '../shared/time';

interface SealStatus {
  seal: { digest: string; sealedAt: string; rows: number } | null;
  current: { digest: string; rows: number } | null;
  published: boolean;
}

const digestStyle = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/**
 * Sealed final results of a phase: the seal and the digest of the ranking now, sealing and publishing
 * (operators; each confirmed with its effect, publishing through two operators where asked), and the recomputation in this browser from the published ranking (WebCrypto).
 */
export function SealPage() {
  const translate = useTranslate();
  const api = useConsoleApi();
  const { permissions } = usePermissions<string[]>();
  const operator = mayUse(permissions, 'integrity.operate');
  const { act, pending } = useAction();
  const [choice, setChoice] = usePhaseChoice('seal');
  const { timeZone } = useCompetition(choice.competitionId);
  const [round, setRound] = useState(0);
  const [sealing, setSealing] = useState(false);
  const [check, setCheck] = useState<SealCheck | { error: string } | 'running' | null>(null);
  const ready = Boolean(choice.competitionId && choice.phase);
  const status = useLoad(
    ready && operator
      ? () =>
          api.get<SealStatus>('/admin/leaderboard/seal', {
            ...choice,
          } satisfies scoring.requests.PhaseBody)
      : null,
    [choice.competitionId, choice.phase, round, api],
  );
  const after = (done: string, call: () => Promise<unknown>) => async () => {
    await act(call, done);
    setRound((value) => value + 1);
  };
  const recompute = async () => {
    setCheck('running');
    const page = (n: number) =>
      api.get<PublishedPage>('/leaderboard/private', {
        ...choice,
        page: n,
        pageSize: 100,
      } satisfies scoring.requests.PrivateBoardQuery);
    setCheck(
      await recomputePublishedSeal(choice.competitionId, page).catch((error: unknown) => ({
        error: messageOf(error),
      })),
    );
  };
  const data = status.data;
  const stale = data?.seal && data.current && data.seal.digest !== data.current.digest;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="console.integrity.seal.title" />
      <CardContent>
        <Stack spacing={2}>
          <Typography>{translate('console.integrity.seal.intro')}</Typography>
          <CompetitionPhasePicker
            value={choice}
            onChange={(value) => {
              setChoice(value);
              setCheck(null);
            }}
          />
          {status.error && <Alert severity="warning">{status.error}</Alert>}
          {data && (
            <Stack spacing={1} data-testid="seal-status">
              <Alert severity={data.seal ? 'info' : 'warning'} sx={digestStyle} data-testid="seal-recorded">
                {data.seal
                  ? translate('console.integrity.seal.sealed', {
                      at: formatInZone(data.seal.sealedAt, timeZone ?? platformZone),
                      digest: data.seal.digest,
                    })
                  : translate('console.integrity.seal.notSealed')}
              </Alert>
              <Alert severity="info" sx={digestStyle}>
                {data.current
                  ? translate('console.integrity.seal.current', data.current)
                  : translate('console.integrity.seal.empty')}
              </Alert>
              {stale && <Alert severity="error">{translate('console.integrity.seal.stale')}</Alert>}
              {data.published && (
                <Alert severity="success">{translate('console.integrity.seal.published')}</Alert>
              )}
            </Stack>
          )}
          <Stack direction="row" spacing={2}>
            {operator && (
              <>
                <Button
                  variant="contained"
                  startIcon={<Lock />}
                  disabled={!ready || pending || !data?.current || data?.published}
                  onClick={() => setSealing(true)}
                  data-testid="seal-run"
                >
                  {translate('console.integrity.seal.sealAction')}
                </Button>
              </>
            )}
            <Button disabled={!ready || check === 'running'} onClick={recompute} data-testid="seal-recompute">
              {translate(
                check === 'running'
                  ? 'console.integrity.seal.recomputing'
                  : 'console.integrity.seal.recompute',
              )}
            </Button>
          </Stack>
          {operator && ready && data?.current && !data.published && (
            <PublicationPanel
              key={`${choice.competitionId}/${choice.phase}/${round}`}
              competitionId={choice.competitionId}
              phase={choice.phase}
              teams={data.current.rows}
              onPublished={() => setRound((value) => value + 1)}
            />
          )}
          {sealing && data?.current && (
            <EffectDialog
              open
              title="console.integrity.seal.sealAction"
              confirm="console.integrity.seal.sealAction"
              effect={translate('console.trust.effects.seal', {
                phase: translate(`console.competitions.phases.${choice.phase}`),
                rows: data.current.rows.toLocaleString(),
                digest: `${data.current.digest.slice(0, 12)}…`,
              })}
              pending={pending}
              onClose={() => setSealing(false)}
              onConfirm={async () => {
                await after('console.integrity.seal.sealDone', () =>
                  api.post('/admin/leaderboard/seal', choice satisfies scoring.requests.PhaseBody),
                )();
                setSealing(false);
              }}
            />
          )}
          {check && typeof check === 'object' && 'error' in check && (
            <Alert severity="warning" data-testid="seal-check" data-result="unavailable">
              {check.error}
            </Alert>
          )}
          {check && typeof check === 'object' && 'match' in check && (
            <Alert
              severity={check.match ? 'success' : 'error'}
              sx={digestStyle}
              data-testid="seal-check"
              data-result={check.match ? 'match' : 'mismatch'}
            >
              {translate(check.match ? 'console.integrity.seal.match' : 'console.integrity.seal.mismatch', {
                rows: check.rows,
                digest: check.digest ?? '-',
                sealed: check.seal?.digest ?? '-',
              })}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
