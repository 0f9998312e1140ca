import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatusChip } from './StatusChip';
import { type CompetitionDetail, localized } from './types';

export function CompetitionHeader({ competition }: { competition: CompetitionDetail }) {
  const { t, i18n } = useTranslation();
  return (
    <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 5 }}>
      <Container maxWidth="xl">
        <Box sx={{ display: 'flex', gap: 1, mb: 1.5 }}>
          <StatusChip status={competition.status} />
          <Chip
            size="small"
            sx={{ bgcolor: 'rgba(255,255,255,0.15)', color: 'inherit' }}
            label={t(`competition.types.${competition.type}`)}
          />
          {competition.signedUp ? (
            <Chip size="small" color="secondary" label={t('competition.signedUp')} data-testid="signed-up" />
          ) : null}
        </Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {localized(competition.title, i18n.resolvedLanguage)}
        </Typography>
        <Typography sx={{ mt: 1.5, opacity: 0.85 }}>
          {t('competition.bonusSeason', {
            bonus: competition.bonus.toLocaleString(i18n.resolvedLanguage),
            season: competition.season,
          })}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5, opacity: 0.85 }} data-testid="competition-slug">
          {t('competition.slug')} <code>{competition.slug}</code>
        </Typography>
      </Container>
    </Box>
  );
}
