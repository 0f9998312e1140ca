import Box from '@mui/material/Box';
import { coverArt } from './coverArt';

/** The card's picture: the generated cover of `competitionId` (an inline SVG, decorative). */
export function CoverImage({ competitionId }: { competitionId: string }) {
  const { hues, angle, circles } = coverArt(competitionId);
  const gradient = `cover-${competitionId}`;
  return (
    <Box
      component="svg"
      viewBox="0 0 320 120"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      data-testid="card-cover"
      data-cover={`${hues.join('-')}-${angle}`}
      sx={{ display: 'block', width: '100%', height: 96 }}
    >
      <defs>
        <linearGradient id={gradient} gradientTransform={`rotate(${angle} 0.5 0.5)`}>
          <stop offset="0%" stopColor={`hsl(${hues[0]} 55% 38%)`} />
          <stop offset="100%" stopColor={`hsl(${hues[1]} 60% 55%)`} />
        </linearGradient>
      </defs>
      <rect width="320" height="120" fill={`url(#${gradient})`} />
      {circles.map((circle, index) => (
        <circle
          key={index}
          cx={circle.x}
          cy={circle.y}
          r={circle.r}
          fill="#fff"
          fillOpacity={circle.opacity}
        />
      ))}
    </Box>
  );
}
