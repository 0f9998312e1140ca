import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { decimalsOf } from '../shared/fields';
import { formatScore } from '../shared/time';
import { ShortOnOneLine } from '../shared/ShortOnOneLine';
import { ZonedTime } from '../shared/ZonedTime';

export interface BoardRow {
  rank: number;
  teamId: string;
  teamName: string | null;
  participants: string[];
  score: number;
  metric: string;
  submittedAt: string;
}

export interface BoardPage {
  phase: string | null;
  total: number;
  records: BoardRow[];
  published?: boolean;
  publishedAt?: string | null;
}

/** One leaderboard (public or private) of a phase: rank, team, score, when. */
export function BoardTable({
  title,
  board,
  error,
  testId,
  note,
  zone,
}: {
  title: string;
  board: BoardPage | null;
  error: string | null;
  testId: string;
  note?: ReactNode;
  /** The competition's time zone: the best submission's time shows in it. */
  zone: string;
}) {
  const translate = useTranslate();
  return (
    <Card sx={{ flex: 1, minWidth: 0 }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6">{translate(title)}</Typography>
        {note}
        {error && <Alert severity="info">{error}</Alert>}
        {board && board.records.length === 0 && (
          <Typography color="text.secondary">{translate('console.leaderboards.empty')}</Typography>
        )}
        {board && board.records.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('console.leaderboards.rank')}</TableCell>
                <TableCell>{translate('console.leaderboards.team')}</TableCell>
                <TableCell align="right">{translate('console.leaderboards.score')}</TableCell>
                <TableCell>{translate('console.leaderboards.submittedAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {board.records.map((row) => (
                <TableRow key={row.teamId} data-testid="board-row">
                  <TableCell>{row.rank}</TableCell>
                  <TableCell>
                    <ShortOnOneLine text={row.teamName || row.participants.join(', ')} />
                  </TableCell>
                  <TableCell align="right" title={String(row.score)}>
                    {formatScore(row.score, decimalsOf(row.metric))}
                  </TableCell>
                  <TableCell>
                    <ZonedTime value={row.submittedAt} zone={zone} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
