import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ListFilters } from './competitionApi';
import { type CompetitionStatus, type CompetitionType, competitionStatuses, competitionTypes } from './types';

const all = '';

export function CompetitionFilters({
  filters,
  onChange,
}: {
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 2 }}>
      <TextField
        select
        size="small"
        label={t('competition.filters.status')}
        value={filters.status ?? all}
        onChange={(event) =>
          onChange({ ...filters, status: (event.target.value || undefined) as CompetitionStatus | undefined })
        }
        sx={{ minWidth: 160 }}
        data-testid="status-filter"
      >
        <MenuItem value={all}>{t('competition.filters.all')}</MenuItem>
        {competitionStatuses.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`competition.statuses.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('competition.filters.type')}
        value={filters.type ?? all}
        onChange={(event) =>
          onChange({ ...filters, type: (event.target.value || undefined) as CompetitionType | undefined })
        }
        sx={{ minWidth: 180 }}
        data-testid="type-filter"
      >
        <MenuItem value={all}>{t('competition.filters.all')}</MenuItem>
        {competitionTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`competition.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
