import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../layout/PageFallback';
import { session } from '../session/session';
import { AuthenticationStatus } from './AuthenticationStatus';
import { PaymentAppOption } from './PaymentAppOption';
import { VerificationForm } from './VerificationForm';
import { type Authentication, fetchAuthentication } from './verificationApi';

/** /user/myAuth: real-name verification status, rejection reason, and the submission form. */
export default function MyAuthPage() {
  const { t } = useTranslation();
  const [authentication, setAuthentication] = useState<Authentication | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    fetchAuthentication().then(
      (next) => live && setAuthentication(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [version]);

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t('pages.myAuth')}
      </Typography>
      {authentication ? <AuthenticationStatus authentication={authentication} /> : <PageFallback />}
      {authentication?.status === 'Not Verified' ? (
        <>
          <VerificationForm
            onSubmitted={() => {
              setVersion((v) => v + 1);
              void session.load();
            }}
          />
          <PaymentAppOption />
        </>
      ) : null}
    </>
  );
}
