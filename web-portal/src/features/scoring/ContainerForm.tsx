import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ContainerField,
  type ContainerProblem,
  type ContainerValues,
  containerProblems,
  emptyContainer,
} from './containerForm';
import { type RunLimits, runLimitsText } from '../competitions/runLimits';
import { SubmissionPanel } from './SubmissionPanel';
import type { Remaining } from './types';

const fields: { field: ContainerField; help?: 'imageHelp' | 'configPathHelp'; secret?: boolean }[] = [
  { field: 'image', help: 'imageHelp' },
  { field: 'username' },
  { field: 'password', secret: true },
  { field: 'configPath', help: 'configPathHelp' },
];

interface ContainerFormProps {
  remaining: Remaining | null;
  /** The open phase's limits of each run (decision 0044), shown before the participant submits. */
  limits?: RunLimits | null;
  busy: boolean;
  /** Sends the image (`smoke`: as a smoke run, decision 0049); the page remounts the form once one is accepted. */
  onSubmit: (values: ContainerValues, smoke: boolean) => Promise<void>;
}

/** Image path, registry username and password (not for public images), config path. */
export function ContainerForm({ remaining, limits, busy, onSubmit }: ContainerFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(emptyContainer);
  const [problems, setProblems] = useState<Partial<Record<ContainerField, ContainerProblem>>>({});

  const submit = async (smoke: boolean) => {
    const found = containerProblems(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    await onSubmit(values, smoke);
  };

  const exhausted = remaining !== null && remaining.remaining <= 0;
  // Smoke runs (decision 0049): offered when the competition has a smoke split; their own daily cap.
  const smoke = remaining?.smokeRuns?.available ? remaining.smokeRuns : null;
  return (
    <SubmissionPanel
      testId="container-form"
      heading={t('container.heading')}
      remaining={remaining}
      rules={[
        t('container.rules.layout'),
        ...(limits ? [t('container.rules.limits', { limits: runLimitsText(limits, t) })] : []),
        t('container.rules.public'),
        t('container.rules.stop'),
        ...(smoke
          ? [
              <span key="smoke" data-testid="smoke-runs">
                {t('container.smokeRuns', {
                  remaining: smoke.remaining,
                  limit: smoke.limit,
                  file: smoke.file ?? '',
                })}
              </span>,
            ]
          : []),
      ]}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
      >
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          {fields.map(({ field, help, secret }) => {
            const problem = problems[field];
            return (
              <TextField
                key={field}
                name={field}
                label={t(`container.${field}`)}
                type={secret ? 'password' : 'text'}
                autoComplete={secret ? 'new-password' : 'off'}
                required={field === 'image'}
                value={values[field]}
                onChange={(event) => {
                  setValues((previous) => ({ ...previous, [field]: event.target.value }));
                  setProblems((previous) => ({ ...previous, [field]: undefined }));
                }}
                error={problem !== undefined}
                helperText={problem ? t(`container.${problem}`) : help ? t(`container.${help}`) : ' '}
                size="small"
              />
            );
          })}
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" disabled={busy || exhausted}>
              {t('container.submit')}
            </Button>
            {smoke ? (
              <Button
                variant="outlined"
                data-testid="smoke-submit"
                disabled={busy || smoke.remaining <= 0}
                onClick={() => void submit(true)}
              >
                {t('container.smokeSubmit')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Box>
    </SubmissionPanel>
  );
}
