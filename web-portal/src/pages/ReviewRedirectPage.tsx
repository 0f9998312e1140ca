import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Reviewing happens in the operations console, which checks the reviewer's role itself. */
export const consoleReviewAddress = '/console/#/review';

export default function ReviewRedirectPage() {
  const { t } = useTranslation();
  useEffect(() => window.location.replace(consoleReviewAddress), []);
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography>{t('review.redirecting')}</Typography>
    </Container>
  );
}
