import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../layout/PageFallback';
import { CompetitionFacts } from './CompetitionFacts';
import { FormatSection } from './FormatSection';
import { PhaseTable } from './PhaseTable';
import { SignUpButton } from './SignUpButton';
import { localized } from './types';
import { useCompetition } from './useCompetition';

/** /competitionDetail/{id}/format: introduction, description, dates and phases, sign-up. */
export default function FormatPage() {
  const { t, i18n } = useTranslation();
  const { competition, reload } = useCompetition();
  if (!competition) return <PageFallback />;
  return (
    <Box sx={{ py: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <SignUpButton competition={competition} onSignedUp={reload} />
      </Box>
      <FormatSection title={t('competition.introduction')}>
        <CompetitionFacts competition={competition} />
      </FormatSection>
      <FormatSection title={t('competition.description')}>
        <Typography sx={{ lineHeight: 1.8, whiteSpace: 'pre-wrap' }} data-testid="competition-description">
          {localized(competition.description, i18n.resolvedLanguage)}
        </Typography>
      </FormatSection>
      <FormatSection title={t('competition.dates')}>
        <PhaseTable competition={competition} />
      </FormatSection>
    </Box>
  );
}
