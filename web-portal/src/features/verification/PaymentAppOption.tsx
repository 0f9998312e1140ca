import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/**
 * The payment-app real-name check (spec §3). The platform answers its calls with "not configured",
 * so it is shown as unavailable rather than offered.
 */
export function PaymentAppOption() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" variant="outlined" sx={{ mt: 3 }} data-testid="payment-app-unavailable">
      {t('verification.paymentApp')} {t('notAvailable.message')}
    </Alert>
  );
}
