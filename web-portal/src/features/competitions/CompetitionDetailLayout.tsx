import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router-dom';
import { PageFallback } from '../../layout/PageFallback';
import { useSession } from '../session/session';
import { fetchCompetition } from './competitionApi';
import { CompetitionHeader } from './CompetitionHeader';
import { CompetitionTabs } from './CompetitionTabs';
import type { CompetitionContext } from './useCompetition';
import type { CompetitionDetail } from './types';

/** /competitionDetail/{competitionId}: the competition's header and tabs around the chosen child. */
export function CompetitionDetailLayout() {
  const { t } = useTranslation();
  const { competitionId = '' } = useParams();
  const state = useSession();
  const [competition, setCompetition] = useState<CompetitionDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // `signedUp` depends on who is signed in.
  const who = state.status === 'signedIn' ? state.user.userId : state.status;

  useEffect(() => {
    let live = true;
    fetchCompetition(competitionId).then(
      (next) => live && (setCompetition(next), setFailed(false)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [competitionId, version, who]);

  const context: CompetitionContext = { competition, reload };
  return (
    <>
      {competition ? <CompetitionHeader competition={competition} /> : null}
      <Container maxWidth="lg" sx={{ py: 3 }}>
        {failed && !competition ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('competition.notFound')}
          </Alert>
        ) : null}
        <CompetitionTabs competitionId={competitionId} />
        <Suspense fallback={<PageFallback />}>
          <Outlet context={context} />
        </Suspense>
      </Container>
    </>
  );
}
