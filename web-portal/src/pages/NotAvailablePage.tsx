import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type zhCN from '../locales/zh-CN.json';

export type PageKey = keyof typeof zhCN.pages;

/** A screen that a later issue builds: says so plainly instead of pretending. */
export default function NotAvailablePage({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t(`pages.${page}`)}
      </Typography>
      <Alert severity="info" data-testid="not-available">
        {t('notAvailable.message')}
      </Alert>
    </Container>
  );
}
