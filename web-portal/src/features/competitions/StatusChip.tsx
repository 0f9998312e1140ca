import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { CompetitionStatus } from './types';

const colors = { Active: 'success', 'Not Started': 'info', Completed: 'default' } as const;

export function StatusChip({ status }: { status: CompetitionStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={colors[status]} label={t(`competition.statuses.${status}`)} />;
}
