import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export type TrackKey = 'physical' | 'social' | 'logic' | 'life' | 'geo';

export function TrackCard({ track }: { track: TrackKey }) {
  const { t } = useTranslation();
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none', height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="secondary" sx={{ fontWeight: 600 }}>
          {t(`home.tracks.${track}.field`)}
        </Typography>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 0.5 }}>
          {t(`home.tracks.${track}.task`)}
        </Typography>
      </CardContent>
    </Card>
  );
}
