import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { auditServices } from './services';
import type { ProjectionInfo, ReplayStatus } from './types';
import { messageOf, useAuditApi } from './useAuditApi';

type Row = ProjectionInfo & { service: string };

/** Admins rebuild a read model from the events; the bar follows the events read of the total. */
export function ReplayPage() {
  const translate = useTranslate();
  const api = useAuditApi();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [unavailable, setUnavailable] = useState<string[]>([]);

  useEffect(() => {
    let current = true;
    Promise.all(
      auditServices.map((service) =>
        api.projections(service).then(
          (list) => ({ service, list }),
          () => ({ service, list: null }),
        ),
      ),
    ).then((answers) => {
      if (!current) return;
      setRows(answers.flatMap(({ service, list }) => (list ?? []).map((item) => ({ ...item, service }))));
      setUnavailable(answers.filter(({ list }) => list === null).map(({ service }) => service));
    });
    return () => {
      current = false;
    };
  }, [api]);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="console.audit.replay.title" />
      <CardContent>
        <Typography sx={{ mb: 2 }}>{translate('console.audit.replay.intro')}</Typography>
        {rows === null ? (
          <Loading />
        ) : (
          <Stack spacing={2}>
            {rows.length === 0 && <Alert severity="info">{translate('console.audit.replay.none')}</Alert>}
            {rows.map((row) => (
              <ProjectionReplay key={row.name} row={row} />
            ))}
            {unavailable.map((service) => (
              <Alert key={service} severity="warning">
                {translate('console.audit.replay.unavailable', {
                  service: translate(`console.audit.services.${service}`),
                })}
              </Alert>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function ProjectionReplay({ row }: { row: Row }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAuditApi();
  const [status, setStatus] = useState<ReplayStatus>(row.replay);
  const running = status.state === 'running';

  const poll = useCallback(
    () => api.replayStatus(row.service, row.name).then(setStatus, () => undefined),
    [api, row.service, row.name],
  );
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void poll(), 400);
    return () => clearInterval(timer);
  }, [running, poll]);

  const start = async () => {
    try {
      setStatus(await api.startReplay(row.service, row.name));
    } catch (error) {
      const message = messageOf(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
      void poll();
    }
  };

  const percent =
    status.total > 0 ? Math.round((100 * status.read) / status.total) : status.state === 'done' ? 100 : 0;
  return (
    <Box data-testid={`replay-${row.name}`} data-state={status.state}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography sx={{ fontFamily: 'monospace', flexGrow: 1 }}>
          {row.name}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({translate(`console.audit.services.${row.service}`)} · {row.streamTypes.join(', ')})
          </Typography>
        </Typography>
        <Button
          variant="contained"
          onClick={() => void start()}
          disabled={running}
          data-testid="replay-start"
        >
          {translate('console.audit.replay.start')}
        </Button>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={row.name}
        data-testid="replay-progress"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="replay-status">
        {translate(`console.audit.replay.state.${status.state}`, {
          read: status.read,
          total: status.total,
          applied: status.applied,
          error: status.error ?? '',
        })}
      </Typography>
    </Box>
  );
}
