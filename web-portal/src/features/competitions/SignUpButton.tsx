import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/ApiError';
import { loginAddress } from '../../api/client';
import { notifySuccess } from '../../forms/notify';
import { notices } from '../../notices/notices';
import { useSession } from '../session/session';
import { AgreementsDialog } from './AgreementsDialog';
import { signUp } from './competitionApi';
import { GoToAuthDialog } from './GoToAuthDialog';
import { type CompetitionDetail, verificationRequiredCode } from './types';

/**
 * Sign-up: an unverified user gets the go-to-authentication modal at once (and again if the server
 * answers 20010), a verified one reads the agreements; a signed-out visitor goes to /login and comes back.
 */
export function SignUpButton({
  competition,
  onSignedUp,
}: {
  competition: CompetitionDetail;
  onSignedUp: () => void;
}) {
  const { t } = useTranslation();
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
      notifySuccess('submitSuccess');
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
      <Button
        variant="contained"
        size="large"
        disableElevation
        disabled={competition.status === 'Completed'}
        onClick={start}
        data-testid="sign-up"
      >
        {t('competition.signUp')}
      </Button>
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
