import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../layout/PageFallback';
import { type ListFilters, fetchCompetitions } from './competitionApi';
import { CompetitionCard } from './CompetitionCard';
import { CompetitionFilters } from './CompetitionFilters';
import type { Competition, Paged } from './types';

const pageSize = 9;

/** The competitions of /race/list, filtered by status and type. */
export function CompetitionList() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ListFilters>({});
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged<Competition> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    fetchCompetitions(filters, page, pageSize).then(
      (next) => live && (setData(next), setFailed(false)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [filters, page]);

  return (
    <Box component="section" data-testid="competition-list">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          {t('competition.listHeading')}
        </Typography>
        <CompetitionFilters
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
      </Box>
      {failed ? <Alert severity="warning">{t('competition.listFailed')}</Alert> : null}
      {!data && !failed ? <PageFallback /> : null}
      {data && data.total === 0 ? <Alert severity="info">{t('competition.none')}</Alert> : null}
      {data && data.total > 0 ? (
        <>
          <Box
            component="ul"
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2, p: 0, m: 0 }}
          >
            {data.records.map((competition) => (
              <CompetitionCard key={competition.competitionId} competition={competition} />
            ))}
          </Box>
          {data.total > pageSize ? (
            <Pagination
              sx={{ mt: 2 }}
              page={page}
              count={Math.ceil(data.total / pageSize)}
              onChange={(_event, next) => setPage(next)}
            />
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
