import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { scoring } from '@sais/events';
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime } from '../../forms/dates';
import { languageOf } from '../../forms/useMessages';
import { zoneName } from '../../forms/timeZones';
import { formatScore } from './formatScore';
import { scoreHistory } from './scoreHistory';

export interface ScorePoint {
  score: number;
  submittedAt: string;
}

interface ScoreChartProps {
  points: readonly ScorePoint[];
  metric: string;
  higherIsBetter: boolean;
  /** The team's current rank in the phase, and how many teams it ranks. */
  rank: number | null;
  teams: number | null;
  /** The competition's zone: the axis and tooltips show its dates. */
  timeZone: string;
}

/** A date on the axis, in the competition's zone: "11/22 14:03" / "11月22日 14:03". */
function axisLabel(iso: string, language: 'zh-CN' | 'en', timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}

/**
 * Every scored submission's public score by date, with the best-so-far line (@mui/x-charts); the
 * current rank and the metric's direction stated above it, the dates in the competition's zone.
 */
export function ScoreChart({ points, metric, higherIsBetter, rank, teams, timeZone }: ScoreChartProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  if (points.length === 0) return null;
  const series = scoreHistory(points, higherIsBetter);
  const dates = series.map((point) => point.submittedAt);
  return (
    <Box data-testid="score-chart" data-points={series.length}>
      <Typography variant="body2" sx={{ mb: 0.5 }} data-testid="chart-summary">
        {rank !== null && teams !== null ? `${t('scoring.chart.rank', { rank, teams })} · ` : ''}
        {t(higherIsBetter ? 'scoring.chart.higherIsBetter' : 'scoring.chart.lowerIsBetter', {
          metric: scoring.metricTitle(metric, language),
        })}
      </Typography>
      <Typography variant="caption" color="text.secondary" data-testid="chart-zone">
        {t('scoring.chart.zone', { zone: zoneName(timeZone, language) })}
      </Typography>
      <LineChart
        height={320}
        aria-label={t('scoring.historyChart', { count: series.length })}
        xAxis={[
          {
            scaleType: 'point',
            data: dates,
            valueFormatter: (value: string, context) =>
              context.location === 'tick'
                ? axisLabel(value, language, timeZone)
                : formatZonedDateTime(value, language, timeZone),
            label: t('scoring.chart.dateAxis', { zone: zoneName(timeZone, language) }),
          },
        ]}
        yAxis={[{ label: scoring.metricTitle(metric, language), width: 64 }]}
        series={[
          {
            id: 'scores',
            label: t('scoring.chart.submissions'),
            data: series.map((point) => point.score),
            valueFormatter: (value) => formatScore(value),
            showMark: true,
            curve: 'linear',
          },
          {
            id: 'best',
            label: t('scoring.chart.bestSoFar'),
            data: series.map((point) => point.best),
            valueFormatter: (value) => formatScore(value),
            showMark: false,
            curve: 'stepAfter',
          },
        ]}
        margin={{ right: 48 }}
      />
    </Box>
  );
}
