import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../layout/PageFallback';
import { type ListFilters, fetchCompetitions } from './competitionApi';
import { CompetitionCard } from './CompetitionCard';
import { CompetitionFilters } from './CompetitionFilters';
import type { Competition, Paged } from './types';

const pageSize = 9;
const searchDelayMs = 300;

interface CompetitionListProps {
  /** The filters, when the caller keeps them (e.g. in the address); local state otherwise. */
  filters?: ListFilters;
  onFiltersChange?: (filters: ListFilters) => void;
  /** Offers the search field (the competitions page). */
  searchable?: boolean;
  /** The list's heading level: h2 under a page heading, h1 when it is the page. */
  heading?: 'h1' | 'h2';
}

/** The competitions of /race/list, searched and filtered by status and type. */
export function CompetitionList({
  filters: given,
  onFiltersChange,
  searchable = false,
  heading = 'h2',
}: CompetitionListProps) {
  const { t } = useTranslation();
  const [own, setOwn] = useState<ListFilters>({});
  const filters = given ?? own;
  const setFilters = onFiltersChange ?? setOwn;
  const [typed, setTyped] = useState(filters.search ?? '');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged<Competition> | null>(null);
  const [failed, setFailed] = useState(false);
  const { status, type, search } = filters;

  // The search is sent once typing pauses.
  useEffect(() => {
    if ((search ?? '') === typed.trim()) return;
    const timer = setTimeout(() => {
      setFilters({ ...filters, search: typed.trim() || undefined });
      setPage(1);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [typed, search, filters, setFilters]);

  useEffect(() => {
    let live = true;
    fetchCompetitions({ status, type, search }, page, pageSize).then(
      (next) => live && (setData(next), setFailed(false)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [status, type, search, page]);

  return (
    <Box component="section" data-testid="competition-list">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 3, gap: 2 }}>
        <Typography variant={heading === 'h1' ? 'h4' : 'h5'} component={heading} sx={{ fontWeight: 600 }}>
          {heading === 'h1' ? t('competition.pageHeading') : t('competition.listHeading')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          {searchable ? (
            <TextField
              size="small"
              type="search"
              label={t('competition.search')}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              sx={{ minWidth: 260 }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
              data-testid="competition-search"
            />
          ) : null}
          <CompetitionFilters
            filters={filters}
            onChange={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
        </Box>
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
