import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The footer of every portal page: the About page, and on it the checkpoints' public key (issue 17: the
 * key that signs the event logs is published where anyone finds it, to pin it in a mirror).
 */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      aria-label={t('footer.label')}
      sx={{ borderTop: 1, borderColor: 'divider', py: 2, px: 3, mt: 4, color: 'text.secondary' }}
    >
      <Stack direction="row" spacing={3} sx={{ fontSize: 14 }}>
        <Link component={RouterLink} to="/intro" color="inherit" data-testid="footer-about">
          {t('footer.about')}
        </Link>
        <Link
          component={RouterLink}
          to="/intro#transparency"
          color="inherit"
          data-testid="footer-transparency"
        >
          {t('footer.transparency')}
        </Link>
      </Stack>
    </Box>
  );
}
