import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { scoring } from '@sais/events';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../../forms/useMessages';
import { ZonedTime } from '../../../forms/ZonedTime';
import type { CompetitionMetric } from './contentApi';

/**
 * The metric as the scoring service's registry defines it: its name, direction (from the service),
 * formula, what its symbols mean, and the public leaderboard's share of the test ids.
 */
export function MetricSummary({
  metric,
  competitionId,
}: {
  metric: CompetitionMetric | null;
  competitionId: string;
}) {
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
      <Commitment metric={metric} competitionId={competitionId} />
    </Box>
  );
}

/** The ground truth's commitment (decision 0024): what participants can hold the platform to. */
function Commitment({ metric, competitionId }: { metric: CompetitionMetric; competitionId: string }) {
  const { t } = useTranslation();
  const last = metric.commitments.at(-1);
  if (!last) return null;
  // Digests and versions as code: values to copy and compare, not words to translate.
  const field = (label: string, value: string, testId: string) => (
    <Typography sx={{ lineHeight: 1.8 }} data-testid={testId}>
      {label}{' '}
      <Box component="code" sx={{ wordBreak: 'break-all' }}>
        {value}
      </Box>
    </Typography>
  );
  return (
    <Box sx={{ mt: 2 }} data-testid="metric-commitment">
      <Typography sx={{ fontWeight: 600 }}>{t('competition.content.commitmentTitle')}</Typography>
      <Typography sx={{ lineHeight: 1.8 }} data-testid="commitment-text">
        {t(last.splitKeySha256 ? 'competition.content.commitment' : 'competition.content.commitmentLegacy')}
      </Typography>
      <Typography sx={{ lineHeight: 1.8 }} data-testid="commitment-set-at">
        {t('competition.content.commitmentSetAt')} <ZonedTime iso={last.setAt} />
      </Typography>
      {field(t('competition.content.commitmentFile'), last.sha256, 'commitment-file')}
      {last.splitKeySha256 &&
        field(t('competition.content.commitmentSplitKey'), last.splitKeySha256, 'commitment-split-key')}
      {last.scorerVersion &&
        field(t('competition.content.commitmentScorer'), last.scorerVersion, 'commitment-scorer')}
      {metric.commitments.length > 1 && (
        <Typography sx={{ lineHeight: 1.8 }} data-testid="commitment-replaced">
          {t('competition.content.commitmentReplaced', { count: metric.commitments.length })}
        </Typography>
      )}
      {last.splitKey && (
        <>
          <Typography sx={{ lineHeight: 1.8 }}>{t('competition.content.commitmentRevealed')}</Typography>
          {field(t('competition.content.commitmentKey'), last.splitKey, 'commitment-revealed')}
        </>
      )}
      {last.groundTruthRevealed ? (
        <Typography sx={{ lineHeight: 1.8 }} data-testid="commitment-truth-published">
          {t('competition.content.groundTruthPublished')}{' '}
          <Link
            href={`/api/leaderboard/groundTruth?competitionId=${encodeURIComponent(competitionId)}`}
            download
          >
            {t('competition.content.groundTruthDownload')}
          </Link>
        </Typography>
      ) : (
        last.revealsGroundTruth && (
          <Typography sx={{ lineHeight: 1.8 }} data-testid="commitment-truth-later">
            {t('competition.content.groundTruthLater')} <code>sais verify-score</code>
          </Typography>
        )
      )}
    </Box>
  );
}
