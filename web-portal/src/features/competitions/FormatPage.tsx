import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../layout/PageFallback';
import { CompetitionFacts } from './CompetitionFacts';
import { MetricSummary } from './content/MetricSummary';
import { OperatorText } from './content/OperatorText';
import { RulesFacts } from './content/RulesFacts';
import { SectionNav, pageSections } from './content/SectionNav';
import { useContent, useMetric } from './content/useContent';
import { FormatSection } from './FormatSection';
import { PhaseTable } from './PhaseTable';
import { SignUpButton } from './SignUpButton';
import { localized } from './types';
import { useCompetition } from './useCompetition';

/**
 * /competitionDetail/{id}/format: the competition page's sections (issue 21) — overview, evaluation,
 * rules, prizes and the timeline — each the operators' Markdown beside what the platform knows; the
 * data section is the data tab.
 */
export default function FormatPage() {
  const { t, i18n } = useTranslation();
  const { competition, reload } = useCompetition();
  const competitionId = competition?.competitionId ?? '';
  const content = useContent(competitionId);
  const metric = useMetric(competitionId);
  if (!competition || content.status === 'loading' || metric.status === 'loading') return <PageFallback />;
  const sections = content.status === 'ready' ? content.value.sections : undefined;
  const heading = (section: (typeof pageSections)[number]) => t(`competition.content.sections.${section}`);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '180px 1fr', columnGap: 4, py: 3 }}>
      <SectionNav competitionId={competition.competitionId} />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <SignUpButton competition={competition} onSignedUp={reload} />
        </Box>
        <FormatSection id="overview" title={heading('overview')}>
          <CompetitionFacts competition={competition} />
          <Typography sx={{ lineHeight: 1.8, my: 2 }} data-testid="competition-description">
            {localized(competition.description, i18n.resolvedLanguage)}
          </Typography>
          <OperatorText text={sections?.overview} testId="content-overview" />
        </FormatSection>
        <FormatSection id="evaluation" title={heading('evaluation')}>
          {metric.status === 'ready' ? (
            <MetricSummary metric={metric.value} competitionId={competition.competitionId} />
          ) : null}
          <OperatorText text={sections?.evaluation} testId="content-evaluation" />
        </FormatSection>
        <FormatSection id="rules" title={heading('rules')}>
          <RulesFacts competition={competition} />
          <OperatorText text={sections?.rules} testId="content-rules" />
        </FormatSection>
        <FormatSection id="prizes" title={heading('prizes')}>
          <Typography sx={{ fontWeight: 600, mb: 1 }} data-testid="prize-total">
            {t('competition.content.prizeTotal', {
              bonus: competition.bonus.toLocaleString(i18n.resolvedLanguage),
            })}
          </Typography>
          <OperatorText text={sections?.prizes} testId="content-prizes" />
        </FormatSection>
        <FormatSection id="timeline" title={heading('timeline')}>
          <PhaseTable competition={competition} />
        </FormatSection>
      </Box>
    </Box>
  );
}
