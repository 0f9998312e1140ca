import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { scoring } from '@sais/events';
import { useState } from 'react';
import { useLocale, useRecordContext, useTranslate } from 'react-admin';
import { Panel } from '../competitions/Panel';
import { useAction } from '../competitions/useAction';
import { useConsoleApi } from '../shared/useConsoleApi';
import { useLoad } from '../shared/useLoad';

type PhaseOptions = { phase: string; ladderStep: number | null; blind: boolean; order?: string[] };

/** A chosen order as the form writes it (comma-separated steps) and back; empty: the usual order. */
const orderText = (order: readonly string[] | undefined) => (order ?? []).join(', ');
const orderOf = (text: string) =>
  text
    .split(',')
    .map((step) => step.trim())
    .filter((step) => step !== '');

/**
 * Each phase's public board options (decision 0045): the Ladder (its step η in the metric's units;
 * empty: off), blind (participants see "scored" and their allowance, never a public score) and the
 * ranking order's first steps (issue 37; empty: the usual order), set together with a reason
 * (`POST /api/admin/leaderboard/options`; the server refuses a bad order, 40160).
 */
export function BoardOptionsPanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const api = useConsoleApi();
  const { act, pending } = useAction();
  const [saved, setSaved] = useState(0);
  const list = useLoad(
    record
      ? () =>
          api.get<PhaseOptions[]>('/admin/leaderboard/options', {
            competitionId: String(record.id),
          } satisfies scoring.requests.CompetitionQuery)
      : null,
    [api, record?.id, saved],
  );
  if (!record) return null;
  return (
    <Panel title="console.boardOptions.title" testId="board-options-panel">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('console.boardOptions.intro')}
      </Typography>
      {(list.data ?? []).map((options) => (
        <PhaseRow
          key={options.phase}
          competitionId={String(record.id)}
          options={options}
          pending={pending}
          save={async (body) => {
            const done = await act(
              () => api.post('/admin/leaderboard/options', body),
              'console.boardOptions.saved',
            );
            if (!done) return;
            // The options are a read model: read them again until they show what was saved (a moment
            // after the answer), then redraw; one read straight after could still show the old ones.
            for (let tries = 0; tries < 40; tries++) {
              const now = await api.get<PhaseOptions[]>('/admin/leaderboard/options', {
                competitionId: String(record.id),
              } satisfies scoring.requests.CompetitionQuery);
              const mine = now.find((one) => one.phase === body.phase);
              const same = orderText(mine?.order) === orderText(body.order ?? undefined);
              if (mine && mine.ladderStep === (body.ladderStep ?? null) && mine.blind === body.blind && same)
                break;
              await new Promise((resolve) => setTimeout(resolve, 250));
            }
            setSaved((n) => n + 1);
          }}
        />
      ))}
    </Panel>
  );
}

function PhaseRow({
  competitionId,
  options,
  pending,
  save,
}: {
  competitionId: string;
  options: PhaseOptions;
  pending: boolean;
  save: (body: scoring.requests.BoardOptionsBody) => Promise<void>;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const [step, setStep] = useState(options.ladderStep === null ? '' : String(options.ladderStep));
  const [blind, setBlind] = useState(options.blind);
  const [order, setOrder] = useState(orderText(options.order));
  const [reason, setReason] = useState('');
  const ladderStep = step.trim() === '' ? null : Number(step);
  const stepValid = ladderStep === null || scoring.ladderStep.safeParse(ladderStep).success;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid={`board-options-${options.phase}`}>
      <Typography variant="subtitle2">
        {translate(`console.competitions.phases.${options.phase}`, { _: options.phase })}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="board-options-state">
        {options.ladderStep !== null
          ? scoring.ladderText(locale === 'en' ? 'en' : 'zh-CN', options.ladderStep)
          : translate('console.boardOptions.ladderOff')}
        {options.blind ? ` ${translate('console.boardOptions.blindOn')}` : ''}
        {options.order
          ? ` ${translate('console.boardOptions.orderOn', { steps: orderText(options.order) })}`
          : ''}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={translate('console.boardOptions.step')}
          helperText={
            stepValid
              ? translate('console.boardOptions.stepHelp')
              : translate('console.boardOptions.stepInvalid')
          }
          error={!stepValid}
          value={step}
          onChange={(event) => setStep(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'board-options-step' } }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={blind}
              onChange={(event) => setBlind(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'board-options-blind' } as object }}
            />
          }
          label={translate('console.boardOptions.blind')}
        />
        <TextField
          size="small"
          label={translate('console.boardOptions.order')}
          helperText={translate('console.boardOptions.orderHelp')}
          value={order}
          onChange={(event) => setOrder(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 400, 'data-testid': 'board-options-order' } }}
        />
        <TextField
          size="small"
          label={translate('console.boardOptions.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'board-options-reason' } }}
        />
        <Button
          variant="outlined"
          disabled={pending || !stepValid || reason.trim() === ''}
          data-testid="board-options-save"
          onClick={() =>
            save({
              competitionId,
              phase: options.phase,
              ladderStep,
              blind,
              order: orderOf(order).length > 0 ? orderOf(order) : null,
              reason: reason.trim(),
            })
          }
        >
          {translate('console.boardOptions.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
