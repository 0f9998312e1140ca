import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { type PrizeTrack, prizeTrackTitle } from '@sais/events';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { languageOf } from '../../forms/useMessages';

export type TrackKey = PrizeTrack['key'];

/**
 * A prize track, named as its competition is (one source: `prizeTracks` of @sais/events), linking to
 * its competition; while the competition is not known, to the competitions page searched for it.
 */
export function TrackCard({
  track,
  competitionId,
}: {
  track: PrizeTrack;
  competitionId?: string | undefined;
}) {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const to = competitionId
    ? `/competitionDetail/${competitionId}/format`
    : `/competitions?search=${encodeURIComponent(prizeTrackTitle(track)[language])}`;
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', height: '100%' }}
      data-testid="track-card"
    >
      <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="overline" color="secondary" sx={{ fontWeight: 600 }}>
            {track.field[language]}
          </Typography>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 0.5 }}>
            {track.title[language]}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
