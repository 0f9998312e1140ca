import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { scoring } from '@sais/events';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zoneName } from '../../../forms/timeZones';
import { languageOf } from '../../../forms/useMessages';
import { ZonedTime } from '../../../forms/ZonedTime';
import type { Competition } from '../types';

const submissionKinds = ['result-file', 'container-image'] as const;

/**
 * The rules the platform enforces for this competition, from its settings and the scoring service's
 * rules (events' `scoring.finalSelectionLimit`, `formatRefusalsPerDay`), never typed by hand.
 */
export function RulesFacts({ competition }: { competition: Competition }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const zone = zoneName(competition.timeZone, language);
  const kinds = competition.submissionKinds
    .filter((kind): kind is (typeof submissionKinds)[number] =>
      (submissionKinds as readonly string[]).includes(kind),
    )
    .map((kind) => t(`competition.content.kinds.${kind}`))
    .join(t('competition.listSeparator'));
  const rules: [string, ReactNode][] = [
    ['teamSize', t('competition.content.rules.teamSize', { n: competition.teamSizeLimit })],
    ['teamForming', t('competition.content.rules.teamForming', { n: competition.teamFormingAttempts })],
    ['daily', t('competition.content.rules.daily', { n: competition.dailySubmissionLimit, zone })],
    ['formatRefusals', t('competition.content.rules.formatRefusals', { n: scoring.formatRefusalsPerDay })],
    ['kinds', t('competition.content.rules.kinds', { kinds })],
    ['finalSelection', t('competition.content.rules.finalSelection', { n: scoring.finalSelectionLimit })],
    ['merge', t('competition.content.rules.merge')],
    [
      'mergeDeadline',
      competition.teamMergeDeadline ? (
        <>
          {t('competition.content.rules.mergeDeadline')}
          <ZonedTime iso={competition.teamMergeDeadline} timeZone={competition.timeZone} />
        </>
      ) : (
        t('competition.content.rules.noMergeDeadline')
      ),
    ],
  ];
  return (
    <Box component="ul" sx={{ pl: 3, mt: 0, mb: 2 }} data-testid="rules-facts">
      {rules.map(([key, text]) => (
        <Typography component="li" key={key} sx={{ lineHeight: 1.8 }} data-testid={`rule-${key}`}>
          {text}
        </Typography>
      ))}
    </Box>
  );
}
