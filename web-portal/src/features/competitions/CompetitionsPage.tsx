import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ListFilters } from './competitionApi';
import { CompetitionList } from './CompetitionList';
import { type CompetitionStatus, type CompetitionType, competitionStatuses, competitionTypes } from './types';

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

/** /competitions: every competition, searched and filtered; the choice stays in the address. */
export default function CompetitionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = pick<CompetitionStatus>(params.get('status'), competitionStatuses);
  const type = pick<CompetitionType>(params.get('type'), competitionTypes);
  const search = params.get('search') ?? undefined;
  const filters = useMemo<ListFilters>(() => ({ status, type, search }), [status, type, search]);
  const change = useCallback(
    (next: ListFilters) => {
      const query = new URLSearchParams();
      for (const key of ['search', 'status', 'type'] as const) {
        const value = next[key];
        if (value) query.set(key, value);
      }
      setParams(query, { replace: true });
    },
    [setParams],
  );
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <CompetitionList filters={filters} onFiltersChange={change} searchable heading="h1" />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {t('competition.pageIntro')}
      </Typography>
    </Container>
  );
}
