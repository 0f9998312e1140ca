import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../forms/dates';
import { type Competition, phaseNames } from './types';

/** The phases with their dates; the current one is marked. */
export function PhaseTable({ competition }: { competition: Competition }) {
  const { t, i18n } = useTranslation();
  const scheduled = phaseNames.filter((name) => competition.phases[name]);
  if (scheduled.length === 0) return null;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('competition.timeZone', { timeZone: competition.timeZone })}
      </Typography>
      <Table size="small" data-testid="phases">
        <TableHead>
          <TableRow>
            <TableCell>{t('competition.phase')}</TableCell>
            <TableCell>{t('competition.startsAt')}</TableCell>
            <TableCell>{t('competition.endsAt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {scheduled.map((name) => {
            const phase = competition.phases[name]!;
            const current = competition.currentPhase === name;
            return (
              <TableRow key={name} selected={current}>
                <TableCell sx={{ fontWeight: current ? 700 : 400 }}>
                  {t(`competition.phases.${name}`)}
                </TableCell>
                <TableCell>
                  {formatDateTime(phase.startsAt, i18n.resolvedLanguage, competition.timeZone)}
                </TableCell>
                <TableCell>
                  {formatDateTime(phase.endsAt, i18n.resolvedLanguage, competition.timeZone)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}
