import { scoring } from '@sais/events';
import { useLocale, useRecordContext } from 'react-admin';
import { useCompetition } from './CompetitionPhasePicker';
import { EntityLink } from './EntityLink';
import { formatScore, platformZone } from './time';
import { ZonedTime } from './ZonedTime';

/** A metric's declared precision (4 places for names the registry does not know). */
export const decimalsOf = (metric: unknown) =>
  (scoring.metricDecimals as Record<string, number | undefined>)[String(metric)] ?? 4;

/** A score of the record at its metric's declared precision (`metric` on the record, or given). */
export function ScoreField({
  source,
  metric,
}: {
  source: string;
  metric?: string;
  label?: string;
  sortable?: boolean;
}) {
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[source] as number | null | undefined;
  return (
    <span title={value === null || value === undefined ? undefined : String(value)}>
      {formatScore(value, decimalsOf(metric ?? record?.metric))}
    </span>
  );
}

/**
 * A submission's log in the console's language: the run's output (container submissions) or an older
 * English log as it is, then the scorer's refusal (`refusal`: a key with parameters) rendered from the
 * shared catalogue (@sais/events fileRefusalTexts).
 */
export function SubmissionLogField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<{ log?: string | null; refusal?: scoring.FileRefusal | null }>();
  const locale = useLocale();
  const text = scoring.submissionRowLogText(record?.log, record?.refusal, locale === 'en' ? 'en' : 'zh-CN');
  return (
    <span data-testid="submission-log" style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>
      {text ?? '—'}
    </span>
  );
}

/** The record's competition by its title, linking to it (id on hover). */
export function CompetitionField({
  source = 'competitionId',
}: {
  source?: string;
  label?: string;
  sortable?: boolean;
}) {
  const record = useRecordContext<Record<string, string>>();
  const id = record?.[source];
  const { name } = useCompetition(id ?? '');
  return <EntityLink resource="competitions" id={id} name={name} />;
}

/** A time of competition data in the competition's zone, the viewer's local time on hover. */
export function CompetitionTimeField({
  source,
  competitionSource = 'competitionId',
}: {
  source: string;
  competitionSource?: string;
  label?: string;
  sortable?: boolean;
}) {
  const record = useRecordContext<Record<string, string>>();
  const { timeZone } = useCompetition(record?.[competitionSource] ?? '');
  return <ZonedTime value={record?.[source]} zone={timeZone ?? platformZone} />;
}
