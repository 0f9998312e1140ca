import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { prizeTrackOf } from '@sais/events';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { zoneName } from '../../forms/timeZones';
import { languageOf } from '../../forms/useMessages';
import { ZonedTime } from '../../forms/ZonedTime';
import { CoverImage } from './CoverImage';
import { StatusChip } from './StatusChip';
import { relativeTime, timeLeft } from './timeLeft';
import { type Competition, localized } from './types';

/**
 * A competition in a list, as Kaggle's cards read: its picture, track, type, status, title, prize, how
 * many signed up, and the current phase's deadline (or the first phase's start) in the competition's
 * zone, named, with the time left.
 */
export function CompetitionCard({ competition, now = new Date() }: { competition: Competition; now?: Date }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const track = prizeTrackOf(competition.title);
  const left = timeLeft(competition, now);
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }} data-testid="competition-card">
      <CardActionArea
        component={Link}
        to={`/competitionDetail/${competition.competitionId}/format`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <CoverImage competitionId={competition.competitionId} />
        <CardContent sx={{ flexGrow: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap' }}>
            <StatusChip status={competition.status} />
            {track ? (
              <Chip size="small" color="secondary" label={track.field[language]} data-testid="card-track" />
            ) : null}
            <Chip size="small" variant="outlined" label={t(`competition.types.${competition.type}`)} />
          </Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {localized(competition.title, i18n.resolvedLanguage)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="card-prize">
            {t('competition.bonusSeason', {
              bonus: competition.bonus.toLocaleString(language),
              season: competition.season,
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="card-entrants">
            {t('competition.card.entrants', {
              number: competition.entrants.toLocaleString(language),
              teams: competition.teams.toLocaleString(language),
            })}
          </Typography>
          {left.kind === 'startsIn' || left.kind === 'endsIn' ? (
            <Typography variant="body2" color="text.secondary" data-testid="card-deadline">
              {t(`competition.card.${left.kind === 'endsIn' ? 'closes' : 'opens'}`, {
                phase: t(`competition.phases.${left.phase}`),
              })}{' '}
              <ZonedTime iso={left.at} timeZone={competition.timeZone} />{' '}
              {t('competition.card.zone', { zone: zoneName(competition.timeZone, language) })}
            </Typography>
          ) : null}
          <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 500 }} data-testid="card-time-left">
            {left.kind === 'ended' ? t('competition.timeLeft.ended') : null}
            {left.kind === 'unscheduled' ? t('competition.timeLeft.unscheduled') : null}
            {left.kind === 'startsIn' || left.kind === 'endsIn'
              ? t(`competition.timeLeft.${left.kind}`, {
                  phase: t(`competition.phases.${left.phase}`),
                  when: relativeTime(left.milliseconds, language),
                })
              : null}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
