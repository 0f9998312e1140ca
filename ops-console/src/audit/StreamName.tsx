import Tooltip from '@mui/material/Tooltip';
import { useLocale, useTranslate } from 'react-admin';
import { type Localized, localized } from '../shared/LocalizedText';
import { accountName, competitionTitle, submissionName, teamName, useLoaded } from '../shared/names';
import { ShortOnOneLine } from '../shared/ShortOnOneLine';
import { accountOfEvent } from '../trust/useStaffEvents';
import { signalStreamParts, streamKindNames, streamParts } from './eventTypes';
import type { AuditEvent } from './types';

const accountKinds = new Set(['account', 'verification', 'notices', 'inbox', 'session', 'token', 'code']);
const competitionKinds = new Set([
  'competition',
  'groundtruth',
  'publication',
  'registration',
  'leaderboard',
  'leaderboard-seal',
  'board-options',
  'scoring-team',
  'runqueue',
]);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Who a competition's stream is about after the competition (`registration-<competition>-<account>`,
 * `scoring-team-<competition>-<team>`; a participant on their own is a team named by their account id).
 */
function restSubjectOf(
  streamId: string,
  event?: AuditEvent,
): { key: string; load: () => Promise<string | null> } | null {
  const parts = streamParts(streamId);
  // A refused file is the team's (its event says which; a participant on their own: their account).
  const data = event?.data as { teamId?: string; accountIds?: string[] } | null | undefined;
  if (parts?.kind === 'refusal' && data?.teamId) {
    const team = data.teamId;
    return { key: `team-or-account:${team}`, load: async () => (await teamName(team)) ?? accountName(team) };
  }
  // An identity signal names the accounts it found, by username.
  if (signalStreamParts(streamId)?.kind === 'identity-signal' && data?.accountIds?.length) {
    const ids = data.accountIds;
    return {
      key: `accounts:${ids.join(',')}`,
      load: async () => {
        const names = await Promise.all(
          ids.slice(0, 3).map(async (id) => (await accountName(id)) ?? `${id.slice(0, 8)}…`),
        );
        return ids.length > 3 ? `${names.join(', ')} +${ids.length - 3}` : names.join(', ');
      },
    };
  }
  const rest = parts?.rest;
  if (!rest || !uuid.test(rest)) return null;
  if (parts.kind === 'registration') return { key: `account:${rest}`, load: () => accountName(rest) };
  if (parts.kind === 'scoring-team')
    return { key: `team-or-account:${rest}`, load: async () => (await teamName(rest)) ?? accountName(rest) };
  return null;
}

/** What a stream is about, by name: the account, competition or team it names (null: none known). */
function subjectOf(
  streamId: string,
  event?: AuditEvent,
): { key: string; load: () => Promise<string | Localized | null> } | null {
  const competitionOfEvent = (event?.data as { competitionId?: string } | null | undefined)?.competitionId;
  // A collusion signal and a refused file are about the competition their events name.
  if (
    competitionOfEvent &&
    (signalStreamParts(streamId)?.kind === 'signal' || streamId.startsWith('refusal-'))
  )
    return { key: `competition:${competitionOfEvent}`, load: () => competitionTitle(competitionOfEvent) };
  const parts = streamParts(streamId);
  if (!parts) return null;
  const account = accountKinds.has(parts.kind)
    ? parts.kind === 'session' || parts.kind === 'token' || parts.kind === 'code'
      ? event && accountOfEvent(event)
      : parts.id
    : undefined;
  if (account) return { key: `account:${account}`, load: () => accountName(account) };
  if (competitionKinds.has(parts.kind))
    return { key: `competition:${parts.id}`, load: () => competitionTitle(parts.id) };
  if (parts.kind === 'team') return { key: `team:${parts.id}`, load: () => teamName(parts.id) };
  if (parts.kind === 'submission')
    return { key: `submission:${parts.id}`, load: () => submissionName(parts.id) };
  return null;
}

/**
 * A stream by what it stands for (issue 35): "账号 · alice", "比赛 · 催化剂产率预测 · 初赛", "队伍 · Lab 7",
 * "报名 · 催化剂产率预测 · alice", "提交 · Lab 7 · result.csv";
 * the stream id on hover. `event` (one of the stream's) names the account of a session or token.
 */
export function StreamName({ streamId, event }: { streamId: string; event?: AuditEvent }) {
  const locale = useLocale();
  const translate = useTranslate();
  const parts = streamParts(streamId);
  const subject = subjectOf(streamId, event);
  const loaded = useLoaded<string | Localized>(subject?.key ?? null, subject?.load ?? (async () => null));
  const restSubject = restSubjectOf(streamId, event);
  const restLoaded = useLoaded<string>(restSubject?.key ?? null, restSubject?.load ?? (async () => null));
  const language = locale === 'en' ? 'en' : 'zh-CN';
  const named = (fallback: string) =>
    loaded.pending
      ? '…'
      : loaded.value
        ? typeof loaded.value === 'string'
          ? loaded.value
          : localized(loaded.value, locale)
        : fallback;
  const restNamed = (fallback: string) => (restLoaded.pending ? '…' : (restLoaded.value ?? fallback));
  const signalParts = signalStreamParts(streamId);
  if (signalParts) {
    // "串通信号 · 结果文件完全相同 · 催化剂产率预测", "Identity signal · One document, several accounts · alice, bob".
    const kind = streamKindNames[signalParts.kind]![language];
    const what = translate(`console.integrity.kinds.${signalParts.signalKind}`, {
      _: signalParts.signalKind,
    });
    const about = subject ? ` · ${named('')}` : restSubject ? ` · ${restNamed('')}` : '';
    return (
      <Tooltip title={`${translate('console.trust.id')}: ${streamId}`}>
        <span data-testid="stream-name" data-stream={streamId}>
          <ShortOnOneLine text={`${kind} · ${what}${about}`} />
        </span>
      </Tooltip>
    );
  }
  if (!parts) return <span data-testid="stream-name">{streamId}</span>;
  const kind = streamKindNames[parts.kind]?.[language] ?? parts.kind;
  const name = named(`${parts.id.slice(0, 8)}…`);
  // After the competition: a phase in words, or the account or team the stream is about, by name.
  const phase = restSubject
    ? ` · ${restNamed(`${(parts.rest ?? parts.id).slice(0, 8)}…`)}`
    : !parts.rest
      ? ''
      : ` · ${translate(`console.competitions.phases.${parts.rest}`, { _: parts.rest })}`;
  return (
    <Tooltip title={`${translate('console.trust.id')}: ${streamId}`}>
      <span data-testid="stream-name" data-stream={streamId}>
        <ShortOnOneLine text={`${kind} · ${name}${phase}`} />
      </span>
    </Tooltip>
  );
}
