import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { formatScore } from './formatScore';

export interface ScorePoint {
  score: number;
  submittedAt: string;
}

const width = 600;
const height = 200;
const pad = 24;

/** The x, y of each point in a `width` × `height` box; a flat series sits in the middle. */
export function chartPoints(points: readonly ScorePoint[]): { x: number; y: number }[] {
  const scores = points.map((point) => point.score);
  const min = Math.min(...scores);
  const max = Math.max(...scores);
  const span = max - min;
  const step = points.length > 1 ? (width - 2 * pad) / (points.length - 1) : 0;
  return points.map((point, index) => ({
    x: points.length > 1 ? pad + index * step : width / 2,
    y: span === 0 ? height / 2 : pad + ((max - point.score) / span) * (height - 2 * pad),
  }));
}

/** Score history as an SVG polyline (no charting library): oldest on the left. */
export function ScoreChart({ points }: { points: readonly ScorePoint[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  if (points.length === 0) return null;
  const xy = chartPoints(points);
  const scores = points.map((point) => point.score);
  return (
    <Box sx={{ maxWidth: width }}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label={t('scoring.historyChart', { count: points.length })}
        data-testid="score-chart"
      >
        <rect x={0} y={0} width={width} height={height} fill="none" stroke={theme.palette.divider} />
        <text x={4} y={pad - 8} fontSize={11} fill={theme.palette.text.secondary}>
          {formatScore(Math.max(...scores))}
        </text>
        <text x={4} y={height - 6} fontSize={11} fill={theme.palette.text.secondary}>
          {formatScore(Math.min(...scores))}
        </text>
        <polyline
          points={xy.map(({ x, y }) => `${x},${y}`).join(' ')}
          fill="none"
          stroke={theme.palette.primary.main}
          strokeWidth={2}
        />
        {xy.map(({ x, y }, index) => (
          <circle key={index} cx={x} cy={y} r={3} fill={theme.palette.primary.main}>
            <title>{formatScore(points[index]?.score)}</title>
          </circle>
        ))}
      </svg>
    </Box>
  );
}
