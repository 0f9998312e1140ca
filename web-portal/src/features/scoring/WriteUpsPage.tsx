import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { scoring } from '@sais/events';
import { Markdown } from '@sais/web-shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { api } from '../../app/api';
import { ZonedTime } from '../../forms/ZonedTime';
import { PageFallback } from '../../layout/PageFallback';
import type { CompetitionDetail } from '../competitions/types';
import { useCompetition } from '../competitions/useCompetition';
import { useSession } from '../session/session';

type Phases = scoring.responses.WriteUpPhases;
type Detail = scoring.responses.WriteUpDetail;

const fileAddress = (writeUpId: string, fileId: string) =>
  `${api.baseUrl}/leaderboard/writeups/file?writeUpId=${writeUpId}&fileId=${fileId}`;

/** One write-up: its Markdown rendered safely (web-shared's Markdown: no raw HTML, no unsafe links). */
function WriteUpView({ writeUpId }: { writeUpId: string }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<Detail | null>(null);
  useEffect(() => {
    let live = true;
    api.request<Detail>('/leaderboard/writeups/one', { data: { writeUpId } }).then(
      (next) => live && setDetail(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [writeUpId]);
  if (!detail) return <PageFallback />;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="writeup">
      <Typography variant="h6" component="h2" data-testid="writeup-title">
        {detail.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('writeUps.rank')} {detail.rank} · {detail.teamName ?? detail.teamId}
      </Typography>
      <Markdown testId="writeup-body">{detail.body}</Markdown>
      {detail.files.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
          {detail.files.map((file) => (
            <Chip
              key={file.fileId}
              component="a"
              clickable
              href={fileAddress(detail.writeUpId, file.fileId)}
              label={`${file.name} (${Math.ceil(file.size / 1024)} KiB)`}
              data-testid="writeup-file"
            />
          ))}
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, wordBreak: 'break-all' }}>
        {t('writeUps.seal')}: <code data-testid="writeup-seal">{detail.sealDigest}</code>
        <br />
        {t('writeUps.bodySha256')}: <code>{detail.bodySha256}</code>
        <br />
        {t('writeUps.proof')}:{' '}
        <Link
          href={`${api.baseUrl}/transparency/scoring/proof?eventId=${detail.eventId}`}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="writeup-proof"
        >
          {detail.eventId}
        </Link>
      </Typography>
    </Paper>
  );
}

/** The team's form: title, Markdown, files; the server decides who may (the prize places) and says why not. */
function WriteUpForm({
  competitionId,
  phase,
  onDone,
}: {
  competitionId: string;
  phase: string;
  onDone: (writeUpId: string) => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const send = () => {
    const form = new FormData();
    form.append('competitionId', competitionId);
    form.append('phase', phase);
    form.append('title', title);
    form.append('body', body);
    for (const file of files) form.append('file', file, file.name);
    setBusy(true);
    api
      .request<{ writeUpId: string }>('/submission/writeup', { method: 'POST', data: form })
      .then(
        (result) => onDone(result.writeUpId),
        () => undefined,
      )
      .finally(() => setBusy(false));
  };
  const { bodyMax, titleMax, filesMax } = scoring.writeUpLimits;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="writeup-form">
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('writeUps.submitTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('writeUps.submitHelp', { bodyMax, filesMax, types: scoring.writeUpFileTypes.join(' ') })}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={t('writeUps.titleField')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          slotProps={{ htmlInput: { maxLength: titleMax, 'data-testid': 'writeup-title-input' } }}
        />
        <TextField
          label={t('writeUps.bodyField')}
          value={body}
          multiline
          minRows={8}
          onChange={(event) => setBody(event.target.value)}
          helperText={`${body.length} / ${bodyMax}`}
          slotProps={{ htmlInput: { maxLength: bodyMax, 'data-testid': 'writeup-body-input' } }}
        />
        <input
          type="file"
          multiple
          accept={scoring.writeUpFileTypes.join(',')}
          data-testid="writeup-files-input"
          onChange={(event) => setFiles([...(event.target.files ?? [])].slice(0, filesMax))}
        />
        <div>
          <Button
            variant="contained"
            disabled={busy || !title.trim() || !body}
            onClick={send}
            data-testid="writeup-send"
          >
            {t('writeUps.send')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

function WriteUps({ competition }: { competition: CompetitionDetail }) {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const [phases, setPhases] = useState<Phases | null>(null);
  const selected = params.get('writeUp');
  const fetchPhases = useCallback(
    () =>
      api.request<Phases>('/leaderboard/writeups', { data: { competitionId: competition.competitionId } }),
    [competition.competitionId],
  );
  const load = useCallback(() => {
    fetchPhases().then(setPhases, () => setPhases([]));
  }, [fetchPhases]);
  useEffect(load, [load]);
  /**
   * After the team's write-up was taken: the list is a read model the event reaches a moment later (more
   * under load), so it is read again until the write-up is in it (at most ~10 s), then opened.
   */
  const showWhenListed = async (writeUpId: string) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const listed = await fetchPhases().catch(() => null);
      if (listed) setPhases(listed);
      if (listed?.some((phase) => phase.writeUps.some((writeUp) => writeUp.writeUpId === writeUpId))) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    setParams({ writeUp: writeUpId });
  };
  if (!phases) return <PageFallback />;
  const phaseName = (name: string) => t(`competition.phases.${name}`, { defaultValue: name });
  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      {phases.length === 0 && (
        <Typography color="text.secondary" data-testid="writeups-none">
          {t('writeUps.none')}
        </Typography>
      )}
      {phases.map((phase) => (
        <Stack key={phase.phase} spacing={2} data-testid="writeups-phase">
          <Typography variant="h6" component="h2">
            {phaseName(phase.phase)} · {t('writeUps.places', { places: phase.places })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('writeUps.deadline')}: <ZonedTime iso={phase.deadline} timeZone={competition.timeZone} /> ·{' '}
            {t('writeUps.seal')}: <code>{phase.sealDigest.slice(0, 16)}…</code>
          </Typography>
          {phase.writeUps.length === 0 ? (
            <Typography color="text.secondary">{t('writeUps.noneYet')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('writeUps.rank')}</TableCell>
                  <TableCell>{t('writeUps.team')}</TableCell>
                  <TableCell>{t('writeUps.titleField')}</TableCell>
                  <TableCell>{t('writeUps.submittedAt')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {phase.writeUps.map((writeUp) => (
                  <TableRow
                    key={writeUp.writeUpId}
                    data-testid="writeup-row"
                    selected={selected === writeUp.writeUpId}
                  >
                    <TableCell>{writeUp.rank}</TableCell>
                    <TableCell>{writeUp.teamName ?? writeUp.teamId}</TableCell>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`?writeUp=${writeUp.writeUpId}`}
                        data-testid="writeup-link"
                      >
                        {writeUp.title}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <ZonedTime iso={writeUp.submittedAt} timeZone={competition.timeZone} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {session.status === 'signedIn' && Date.now() < Date.parse(phase.deadline) && (
            <WriteUpForm
              competitionId={competition.competitionId}
              phase={phase.phase}
              onDone={(writeUpId) => void showWhenListed(writeUpId)}
            />
          )}
        </Stack>
      ))}
      {selected && <WriteUpView key={selected} writeUpId={selected} />}
      {phases.length > 0 && session.status !== 'signedIn' && (
        <Alert severity="info">{t('writeUps.signInToSubmit')}</Alert>
      )}
    </Stack>
  );
}

/** /competitionDetail/{id}/writeUps: the prize places' method descriptions (decision 0047), public. */
export default function WriteUpsPage() {
  const { competition } = useCompetition();
  return competition ? <WriteUps competition={competition} /> : <PageFallback />;
}
