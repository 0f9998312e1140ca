import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Remaining } from './types';

interface SubmissionPanelProps {
  testId: string;
  heading: string;
  remaining: Remaining | null;
  /** The rules shown beside the form, one list item each. */
  rules: ReactNode[];
  rulesTestId?: string;
  children: ReactNode;
}

/** The frame of a submission form: heading, today's allowance, the rules, then the form itself. */
export function SubmissionPanel({
  testId,
  heading,
  remaining,
  rules,
  rulesTestId,
  children,
}: SubmissionPanelProps) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {remaining ? (
        <Typography data-testid="remaining" sx={{ mb: 1 }}>
          {t('scoring.remaining', { remaining: remaining.remaining, limit: remaining.limit })}
        </Typography>
      ) : null}
      <Box component="ul" sx={{ mt: 0, pl: 3, color: 'text.secondary' }} data-testid={rulesTestId}>
        {rules.map((rule, index) => (
          <li key={index}>{rule}</li>
        ))}
      </Box>
      {children}
    </Paper>
  );
}
