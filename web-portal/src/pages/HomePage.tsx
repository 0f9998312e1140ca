import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CompetitionList } from '../features/competitions/CompetitionList';
import { TrackCard, type TrackKey } from './TrackCard';

const tracks: readonly TrackKey[] = ['physical', 'social', 'logic', 'life', 'geo'];

/** The landing page of the third world AI-for-science prize (spec §1). */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 10 }}>
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
          <Typography sx={{ mt: 3, opacity: 0.85 }}>{t('home.prizePool')}</Typography>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 3 }}>
          {t('home.tracksHeading')}
        </Typography>
        <Box
          component="ol"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 2, p: 0, m: 0 }}
        >
          {tracks.map((track) => (
            <TrackCard key={track} track={track} />
          ))}
        </Box>
      </Container>
      <Container maxWidth="lg" sx={{ pb: 8 }}>
        <CompetitionList />
      </Container>
    </>
  );
}
