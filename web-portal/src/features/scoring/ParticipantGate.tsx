import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { loginAddress } from '../../api/client';
import { PageFallback } from '../../layout/PageFallback';
import type { CompetitionDetail } from '../competitions/types';
import { useSession } from '../session/session';

/**
 * Shows `children` only to a signed-in participant of the competition; a visitor is offered the
 * sign-in page, a signed-in user who has not signed up is told to do so first.
 */
export function ParticipantGate({
  competition,
  children,
}: {
  competition: CompetitionDetail | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const state = useSession();
  const location = useLocation();
  if (state.status === 'loading' || !competition) return <PageFallback />;
  if (state.status === 'signedOut')
    return (
      <Alert
        severity="info"
        sx={{ mt: 2 }}
        data-testid="sign-in-first"
        action={
          <Button
            component={Link}
            to={loginAddress(`${location.pathname}${location.search}`)}
            color="inherit"
            size="small"
          >
            {t('topBar.login')}
          </Button>
        }
      >
        {t('scoring.signInFirst')}
      </Alert>
    );
  if (!competition.signedUp)
    return (
      <Alert severity="info" sx={{ mt: 2 }} data-testid="sign-up-first">
        {t('scoring.signUpFirst')}
      </Alert>
    );
  return <>{children}</>;
}
