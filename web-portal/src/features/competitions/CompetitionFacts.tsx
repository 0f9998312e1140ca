import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { organisationName } from '@sais/events';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../forms/useMessages';
import type { Competition } from './types';

/** Type, prize, season, sponsors and the team and submission limits. */
export function CompetitionFacts({ competition }: { competition: Competition }) {
  const { t, i18n } = useTranslation();
  const facts = [
    ['type', t(`competition.types.${competition.type}`)],
    [
      'bonus',
      t('competition.bonusValue', { bonus: competition.bonus.toLocaleString(i18n.resolvedLanguage) }),
    ],
    ['season', competition.season],
    [
      'sponsors',
      competition.sponsors
        .map((sponsor) => organisationName(sponsor, languageOf(i18n.resolvedLanguage)))
        .join(t('competition.listSeparator')),
    ],
    ['teamSizeLimit', String(competition.teamSizeLimit)],
    ['dailySubmissionLimit', String(competition.dailySubmissionLimit)],
  ] as const;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
    >
      {facts.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {t(`competition.facts.${key}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
