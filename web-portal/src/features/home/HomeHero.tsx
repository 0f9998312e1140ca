import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { sections } from './prize';

/** The prize's title, its pool, and a menu of the page's sections. */
export function HomeHero() {
  const { t } = useTranslation();
  return (
    <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', pt: 10, pb: 4 }}>
      <Container maxWidth="lg">
        <Typography variant="overline" sx={{ opacity: 0.8, letterSpacing: 2 }}>
          {t('home.eyebrow')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mt: 1 }}>
          {t('home.title')}
        </Typography>
        <Typography variant="h6" component="p" sx={{ mt: 2, opacity: 0.9, fontWeight: 400 }}>
          {t('home.subtitle')}
        </Typography>
        <Typography sx={{ mt: 3, opacity: 0.85 }} data-testid="prize-pool">
          {t('home.prizePool')}
        </Typography>
        <Stack component="nav" direction="row" spacing={1} sx={{ mt: 5 }} aria-label={t('home.nav.label')}>
          {sections.map((section) => (
            <Button key={section} href={`#${section}`} color="inherit" size="small">
              {t(`home.nav.${section}`)}
            </Button>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
