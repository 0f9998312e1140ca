import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { JobProgress } from '../audit/JobProgress';
import { useAuditJob } from '../audit/useAuditJob';
import { CompetitionPhasePicker, useCompetition, usePhaseChoice } from '../shared/CompetitionPhasePicker';
import { EntityLink } from '../shared/EntityLink';
import { decimalsOf } from '../shared/fields';
import { formatInZone, formatScore, isoToZonedLocal, platformZone, zonedToIso } from '../shared/time';
import { ZonedTime } from '../shared/ZonedTime';

interface AsOfAnswer {
  at: string;
  applied: number;
  value: {
    records: {
      rank: number;
      teamId: string;
      teamName: string | null;
      participants?: string[];
      score: number;
      metric?: string;
      submittedAt: string;
    }[];
  };
}

/**
 * Auditors: a phase's leaderboard as it was at a chosen time. The kit rebuilds it apart in the background
 * (a progress bar follows the events read); the page shows the ranking once it is done.
 */
export function AsOfPage() {
  const translate = useTranslate();
  const { outcome, start } = useAuditJob<AsOfAnswer>('scoring');
  const [choice, setChoice] = usePhaseChoice('asOf');
  const [board, setBoard] = useState<'public' | 'private'>('public');
  // The time is typed in the competition's zone (named in the label), kept as an instant.
  const zone = useCompetition(choice.competitionId).timeZone ?? platformZone;
  const [at, setAt] = useState(() => new Date().toISOString());
  const show = () =>
    void start({
      kind: 'asof',
      projection: 'scoring.leaderboard',
      at,
      query: { competitionId: choice.competitionId, ...(choice.phase ? { phase: choice.phase } : {}), board },
    });
  const running = outcome.state === 'running';
  const answer = outcome.state === 'running' || outcome.state === 'done' ? outcome.job.result : null;
  const rows = answer?.value.records ?? [];

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="console.integrity.asOf.title" />
      <CardContent>
        <Stack spacing={2}>
          <Typography>{translate('console.integrity.asOf.intro')}</Typography>
          <CompetitionPhasePicker value={choice} onChange={setChoice}>
            <TextField
              select
              size="small"
              label={translate('console.integrity.asOf.board')}
              value={board}
              onChange={(event) => setBoard(event.target.value as 'public' | 'private')}
            >
              {(['public', 'private'] as const).map((name) => (
                <MenuItem key={name} value={name}>
                  {translate(`console.integrity.asOf.boards.${name}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="datetime-local"
              size="small"
              label={translate('console.integrity.asOf.atZone', { zone })}
              value={isoToZonedLocal(at, zone, { seconds: true })}
              onChange={(event) => event.target.value && setAt(zonedToIso(event.target.value, zone))}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1, 'data-testid': 'asof-at' } }}
            />
            <Button
              variant="contained"
              disabled={!choice.competitionId || !at || running}
              onClick={show}
              data-testid="asof-show"
            >
              {translate('console.integrity.asOf.show')}
            </Button>
          </CompetitionPhasePicker>
          {outcome.state === 'failed' && <Alert severity="warning">{outcome.message}</Alert>}
          {running && <JobProgress job={outcome.job} label={translate('console.integrity.asOf.title')} />}
          {answer && (
            <>
              <Typography variant="body2" color="text.secondary">
                {translate('console.integrity.asOf.applied', {
                  applied: answer.applied,
                  at: formatInZone(answer.at, zone, { seconds: true }),
                })}
              </Typography>
              {rows.length === 0 ? (
                <Alert severity="info">{translate('console.integrity.asOf.empty')}</Alert>
              ) : (
                <Table size="small" data-testid="asof-table">
                  <TableHead>
                    <TableRow>
                      {['rank', 'team', 'score', 'submittedAt'].map((key) => (
                        <TableCell key={key}>{translate(`console.integrity.asOf.${key}`)}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row) => (
                      <TableRow key={row.teamId}>
                        <TableCell>{row.rank}</TableCell>
                        <TableCell>
                          <EntityLink
                            resource="teams"
                            id={row.teamId}
                            name={row.teamName || row.participants?.join(', ')}
                          />
                        </TableCell>
                        <TableCell title={String(row.score)} data-testid="asof-score">
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
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
