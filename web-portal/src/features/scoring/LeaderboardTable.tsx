import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ZonedTime } from '../../forms/ZonedTime';
import { formatScore } from './formatScore';
import type { LeaderboardRow } from './types';

/** Rows of spec §3: rank, participants, university/organization, score, date of the top score. */
export function LeaderboardTable({ rows, timeZone }: { rows: LeaderboardRow[]; timeZone?: string }) {
  const { t } = useTranslation();
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ mt: 2 }} data-testid="leaderboard-empty">
        {t('scoring.leaderboardEmpty')}
      </Typography>
    );
  return (
    <Table size="small" data-testid="leaderboard">
      <TableHead>
        <TableRow>
          <TableCell>{t('scoring.rank')}</TableCell>
          <TableCell>{t('scoring.participants')}</TableCell>
          <TableCell>{t('scoring.organization')}</TableCell>
          <TableCell>{t('scoring.score')}</TableCell>
          <TableCell>{t('scoring.topScoreDate')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.teamId} data-testid="leaderboard-row">
            <TableCell>{row.rank}</TableCell>
            <TableCell>
              {row.teamName ? (
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {row.teamName}
                </Typography>
              ) : null}
              {row.participants.join(t('competition.listSeparator'))}
            </TableCell>
            <TableCell>{row.organization ?? '-'}</TableCell>
            <TableCell>{formatScore(row.score)}</TableCell>
            <TableCell>
              <ZonedTime iso={row.submittedAt} timeZone={timeZone} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
