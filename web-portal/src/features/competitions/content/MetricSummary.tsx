import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { scoring } from '@sais/events';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../../forms/useMessages';
import type { CompetitionMetric } from './contentApi';

/**
 * The metric as the scoring service's registry defines it: its name, direction (from the service),
 * formula, what its symbols mean, and the public leaderboard's share of the test ids.
 */
export function MetricSummary({ metric }: { metric: CompetitionMetric | null }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  if (!metric)
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="metric-pending">
        {t('competition.content.metricPending')}
      </Alert>
    );
  const title = scoring.metricTitle(metric.metric, language);
  const formula = scoring.metricFormulas[metric.metric];
  const percent = metric.rows ? Math.round((metric.publicRows / metric.rows) * 100) : 0;
  return (
    <Box sx={{ mb: 2 }} data-testid="metric-summary">
      <Typography sx={{ fontWeight: 600 }} data-testid="metric-direction">
        {t(metric.higherIsBetter ? 'scoring.chart.higherIsBetter' : 'scoring.chart.lowerIsBetter', {
          metric: title,
        })}
      </Typography>
      <Box
        component="pre"
        sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto', my: 1 }}
        data-testid="metric-formula"
      >
        <code>{formula.formula}</code>
      </Box>
      <Typography sx={{ lineHeight: 1.8 }}>{formula.explanation[language]}</Typography>
      <Typography sx={{ lineHeight: 1.8, mt: 1 }} data-testid="metric-split">
        {t('competition.content.split', { percent, publicRows: metric.publicRows, rows: metric.rows })}
      </Typography>
    </Box>
  );
}
