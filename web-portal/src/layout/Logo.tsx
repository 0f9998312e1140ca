import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Box
      component={Link}
      to="/"
      aria-label={t('app.home')}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'primary.main', textDecoration: 'none' }}
    >
      <Box component="img" src="/logo.svg" alt="" sx={{ width: 36, height: 36 }} />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {t('app.name')}
      </Typography>
    </Box>
  );
}
