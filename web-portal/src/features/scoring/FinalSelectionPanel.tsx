import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime } from '../../forms/dates';
import { formatScore } from './formatScore';
import type { AnySubmission, FinalSelection } from './types';

export const maxFinal = 2;

/** What a submission is called in a list: its file, or its image. */
export const submissionName = (submission: AnySubmission): string =>
  submission.fileName ?? ('image' in submission ? submission.image : submission.submissionId);

interface FinalSelectionPanelProps {
  selection: FinalSelection;
  /** The team's submissions; the completed ones of the selection's phase are the candidates. */
  submissions: AnySubmission[];
  busy: boolean;
  timeZone?: string;
  /** Saves the choice; [] goes back to the default (the 2 best public scores). */
  onSave: (submissionIds: string[]) => void;
}

/** Choose up to 2 completed submissions of a phase for the private leaderboard. */
export function FinalSelectionPanel({
  selection,
  submissions,
  busy,
  timeZone,
  onSave,
}: FinalSelectionPanelProps) {
  const { t, i18n } = useTranslation();
  const current = selection.submissions.map((s) => s.submissionId);
  const [chosen, setChosen] = useState<string[]>(current);
  const candidates = submissions.filter((s) => s.phase === selection.phase && s.status === 'Completed');
  const phase = t(`competition.phases.${selection.phase}`, { defaultValue: selection.phase });
  const toggle = (submissionId: string) =>
    setChosen((previous) =>
      previous.includes(submissionId)
        ? previous.filter((id) => id !== submissionId)
        : [...previous, submissionId],
    );
  const changed = chosen.length !== current.length || chosen.some((id) => !current.includes(id));
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} data-testid="final-selection">
      <Typography variant="h6" component="h2">
        {t('scoring.finalHeading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('scoring.finalHelp', { phase })}
      </Typography>
      <Typography sx={{ mb: 1 }} data-testid="final-mode">
        {selection.default ? t('scoring.finalDefault') : t('scoring.finalChosen')}
      </Typography>
      {selection.closed ? (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="final-closed">
          {t('scoring.finalClosed')}
        </Alert>
      ) : null}
      {candidates.length === 0 ? (
        <Typography color="text.secondary">{t('scoring.finalNone')}</Typography>
      ) : (
        <Stack>
          {candidates.map((submission) => {
            const checked = chosen.includes(submission.submissionId);
            const name = submissionName(submission);
            return (
              <FormControlLabel
                key={submission.submissionId}
                data-testid="final-candidate"
                disabled={selection.closed || busy || (!checked && chosen.length >= maxFinal)}
                control={
                  <Checkbox
                    checked={checked}
                    onChange={() => toggle(submission.submissionId)}
                    slotProps={{ input: { 'aria-label': t('scoring.finalPickNamed', { name }) } }}
                  />
                }
                label={`${name} · ${formatScore(submission.score)} · ${formatZonedDateTime(
                  submission.submittedAt,
                  i18n.resolvedLanguage,
                  timeZone,
                )}`}
              />
            );
          })}
        </Stack>
      )}
      {selection.closed ? null : (
        <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
          <Button
            variant="contained"
            disabled={busy || !changed || chosen.length === 0}
            onClick={() => onSave(chosen)}
          >
            {t('scoring.finalSave')}
          </Button>
          <Button disabled={busy || selection.default} onClick={() => onSave([])}>
            {t('scoring.finalReset')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
