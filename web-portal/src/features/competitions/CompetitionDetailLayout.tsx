import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router-dom';
import { ApiError } from '../../api/ApiError';
import { useMessages } from '../../forms/useMessages';
import { PageFallback } from '../../layout/PageFallback';
import { useSession } from '../session/session';
import { competitionMissingCodes, fetchCompetition } from './competitionApi';
import { CompetitionHeader } from './CompetitionHeader';
import { CompetitionTabs } from './CompetitionTabs';
import type { CompetitionContext } from './useCompetition';
import type { CompetitionDetail } from './types';

interface LoadFailure {
  kind: 'missing' | 'failed';
  message: string;
}

function loadFailureOf(error: unknown): LoadFailure {
  if (error instanceof ApiError && competitionMissingCodes.includes(error.code))
    return { kind: 'missing', message: '' };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}

/** /competitionDetail/{competitionId}: the competition's header and tabs around the chosen child. */
export function CompetitionDetailLayout() {
  const { t } = useTranslation();
  const { message } = useMessages();
  const { competitionId = '' } = useParams();
  const state = useSession();
  const [competition, setCompetition] = useState<CompetitionDetail | null>(null);
  /** Why the competition is not shown: it does not exist, or the call failed (with the server's reason). */
  const [failure, setFailure] = useState<LoadFailure | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // `signedUp` depends on who is signed in.
  const who = state.status === 'signedIn' ? state.user.userId : state.status;

  useEffect(() => {
    let live = true;
    fetchCompetition(competitionId).then(
      (next) => live && (setCompetition(next), setFailure(null)),
      (error: unknown) => live && (setCompetition(null), setFailure(loadFailureOf(error))),
    );
    return () => {
      live = false;
    };
  }, [competitionId, version, who]);

  const context: CompetitionContext = { competition, reload };
  if (failure && !competition) {
    return (
      <Container maxWidth="md" sx={{ py: 8 }} data-testid="competition-not-found">
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
          {failure.kind === 'missing' ? t('competition.notFoundTitle') : t('competition.loadFailedTitle')}
        </Typography>
        <Alert severity={failure.kind === 'missing' ? 'info' : 'error'} sx={{ mb: 3 }}>
          {failure.kind === 'missing' ? message('competitionNotFound') : failure.message}
        </Alert>
        <Stack direction="row" spacing={2}>
          <Button component={Link} to="/competitions" variant="contained" disableElevation>
            {t('competition.backToList')}
          </Button>
          {failure.kind === 'failed' ? (
            <Button variant="outlined" onClick={reload}>
              {t('competition.retry')}
            </Button>
          ) : null}
        </Stack>
      </Container>
    );
  }
  return (
    <>
      {competition ? <CompetitionHeader competition={competition} /> : null}
      {/* As wide as the header: a board of eleven columns with one-line times fits at 1366 px (issue 35). */}
      <Container maxWidth="xl" sx={{ py: 3 }}>
        <CompetitionTabs competitionId={competitionId} />
        <Suspense fallback={<PageFallback />}>
          <Outlet context={context} />
        </Suspense>
      </Container>
    </>
  );
}
