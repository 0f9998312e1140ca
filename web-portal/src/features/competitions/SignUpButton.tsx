import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/ApiError';
import { loginAddress } from '../../api/client';
import { formatZonedDateTime } from '../../forms/dates';
import { notifySuccess } from '../../forms/notify';
import { languageOf } from '../../forms/useMessages';
import { notices } from '../../notices/notices';
import { useSession } from '../session/session';
import { AgreementsDialog } from './AgreementsDialog';
import { signUp } from './competitionApi';
import { GoToAuthDialog } from './GoToAuthDialog';
import { type CompetitionDetail, verificationRequiredCode } from './types';

/**
 * Sign-up: an unverified user gets the go-to-authentication modal at once (and again if the server
 * answers 20010), a verified one reads the agreements; a signed-out visitor goes to /login and comes back.
 * Offered only while registration is open (issue 30): before, it says when it opens (in the
 * competition's zone); after, that it is closed.
 */
export function SignUpButton({
  competition,
  onSignedUp,
}: {
  competition: CompetitionDetail;
  onSignedUp: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const state = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [agreeing, setAgreeing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [needsAuth, setNeedsAuth] = useState(false);

  if (competition.signedUp) {
    return (
      <Button variant="outlined" disabled>
        {t('competition.signedUp')}
      </Button>
    );
  }

  const { registration } = competition;
  const when = (iso: string) => formatZonedDateTime(iso, language, competition.timeZone);
  if (registration.state !== 'open') {
    const note =
      registration.state === 'closed'
        ? t('competition.registrationClosed')
        : registration.opensAt
          ? t('competition.registrationOpensAt', { time: when(registration.opensAt) })
          : t('competition.registrationNotScheduled');
    return (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
        <Button variant="contained" size="large" disableElevation disabled data-testid="sign-up">
          {t('competition.signUp')}
        </Button>
        <Typography variant="body2" color="text.secondary" data-testid="registration-window">
          {note}
        </Typography>
      </Stack>
    );
  }

  // Verification comes first (spec §4): an unverified user is told so before reading the agreements.
  const start = () => {
    if (state.status !== 'signedIn') void navigate(loginAddress(`${pathname}${search}`));
    else if (state.user.authStatus !== 'Verified') setNeedsAuth(true);
    else setAgreeing(true);
  };

  const accept = async (agreements: string[]) => {
    setBusy(true);
    try {
      await signUp(competition.competitionId, agreements);
      setAgreeing(false);
      notifySuccess('signUpSuccess');
      onSignedUp();
    } catch (error) {
      setAgreeing(false);
      if (error instanceof ApiError && error.code === verificationRequiredCode) setNeedsAuth(true);
      else if (error instanceof ApiError && error.code !== 401)
        notices.notify({ severity: 'error', message: error.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
        <Button variant="contained" size="large" disableElevation onClick={start} data-testid="sign-up">
          {t('competition.signUp')}
        </Button>
        {registration.closesAt ? (
          <Typography variant="body2" color="text.secondary" data-testid="registration-window">
            {t('competition.registrationClosesAt', { time: when(registration.closesAt) })}
          </Typography>
        ) : null}
      </Stack>
      {agreeing ? (
        <AgreementsDialog
          agreements={competition.agreements}
          busy={busy}
          onClose={() => setAgreeing(false)}
          onAccept={(agreements) => void accept(agreements)}
        />
      ) : null}
      <GoToAuthDialog open={needsAuth} onClose={() => setNeedsAuth(false)} />
    </>
  );
}
