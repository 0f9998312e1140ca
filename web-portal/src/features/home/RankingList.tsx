import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ApiClient } from '../../api/client';
import { PageFallback } from '../../layout/PageFallback';
import { formatScore } from '../scoring/formatScore';
import { Section } from './Section';
import { type TrackRanking, useRanking } from './useRanking';

function TrackLeaders({ ranking }: { ranking: TrackRanking }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'zh-CN';
  const { competition, leaders } = ranking;
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }} data-testid="ranking-track">
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {competition.title[language]}
        </Typography>
        {leaders.length === 0 ? (
          <Typography color="text.secondary">{t('home.rankingEmpty')}</Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, p: 0 }}>
            {leaders.map((row) => (
              <Box
                component="li"
                key={row.teamId}
                sx={{ display: 'flex', gap: 1, listStyle: 'none', py: 0.5 }}
                data-testid="ranking-row"
              >
                <Typography sx={{ width: 24, fontWeight: 600 }}>{row.rank}</Typography>
                <Typography sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }} noWrap>
                  {row.teamName ?? row.participants.join(t('competition.listSeparator'))}
                </Typography>
                <Typography color="text.secondary">{formatScore(row.score)}</Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
      <CardActions>
        <Button
          component={Link}
          to={`/competitionDetail/${competition.competitionId}/leaderboard`}
          size="small"
        >
          {t('home.rankingAll')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The leaders of every track's public leaderboard (the real boards, read through the API). */
export function RankingList({ client }: { client?: ApiClient }) {
  const { t } = useTranslation();
  const ranking = useRanking(client);
  return (
    <Section id="ranking" title={t('home.rankingHeading')} note={t('home.rankingNote')}>
      {ranking === 'failed' ? <Alert severity="warning">{t('home.rankingFailed')}</Alert> : null}
      {ranking === null ? <PageFallback /> : null}
      {Array.isArray(ranking) ? (
        <Box
          component="ul"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 2, p: 0, m: 0 }}
          data-testid="ranking-list"
        >
          {ranking.map((track) => (
            <TrackLeaders key={track.competition.competitionId} ranking={track} />
          ))}
        </Box>
      ) : null}
    </Section>
  );
}
