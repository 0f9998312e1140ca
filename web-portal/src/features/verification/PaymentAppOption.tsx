import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/**
 * The payment-app real-name check (spec §3) is not offered by this platform (its calls answer "not
 * configured"): the page says plainly what is available instead, the photo verification above.
 */
export function PaymentAppOption() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" variant="outlined" sx={{ mt: 3 }} data-testid="payment-app-unavailable">
      {t('verification.paymentApp')}
    </Alert>
  );
}
