import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusChip } from './StatusChip';
import { type Competition, localized } from './types';

export function CompetitionCard({ competition }: { competition: Competition }) {
  const { t, i18n } = useTranslation();
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={Link}
        to={`/competitionDetail/${competition.competitionId}/format`}
        sx={{ height: '100%' }}
      >
        <CardContent>
          <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
            <StatusChip status={competition.status} />
            <Chip size="small" variant="outlined" label={t(`competition.types.${competition.type}`)} />
          </Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {localized(competition.title, i18n.resolvedLanguage)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('competition.bonusSeason', {
              bonus: competition.bonus.toLocaleString(i18n.resolvedLanguage),
              season: competition.season,
            })}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
