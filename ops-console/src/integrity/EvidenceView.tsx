import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useCompetition } from '../shared/CompetitionPhasePicker';
import { EntityLink } from '../shared/EntityLink';
import { ZonedTime } from '../shared/ZonedTime';
import { formatInZoneShort, platformZone } from '../shared/time';
import type { SignalRecord } from './signalRecord';

type Submission = {
  submissionId: string;
  teamId: string;
  submitterId: string;
  status: string;
  fileName: string;
  createdAt: string;
};
type Pair = { submissionA: string; submissionB: string; correlation: number; rows: number };
type Verification = {
  verificationId: string;
  accountId: string;
  certificateType: string;
  certificateNumber: string;
  status: string;
  submittedAt: string;
};
type Evidence = {
  sha256?: string;
  submissions?: Submission[];
  threshold?: number;
  pairs?: Pair[];
  verifications?: Verification[];
  address?: string;
  from?: string;
  to?: string;
  policy?: { accounts: number; windowMinutes: number };
  signIns?: { accountId: string; at: string }[];
};

const key = (name: string) => `console.integrity.evidenceFields.${name}`;

/** A label and its value on one line. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" component="div">
      <strong>{translate(key(label))}:</strong> {children}
    </Typography>
  );
}

function Rows({ head, children }: { head: string[]; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Table size="small" sx={{ maxWidth: 960 }}>
      <TableHead>
        <TableRow>
          {head.map((name) => (
            <TableCell key={name}>{translate(key(name))}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

/**
 * A signal's evidence as labelled fields (issue 19: words, not raw JSON): the files, submissions,
 * verifications or sign-ins it rests on, teams and accounts by name, times with their zone. A shape
 * this page does not know shows as the service gave it.
 */
export function EvidenceView({ record }: { record: SignalRecord & { competitionId?: string } }) {
  const translate = useTranslate();
  const { timeZone } = useCompetition(record.competitionId ?? '');
  const zone = timeZone ?? platformZone;
  const evidence = (record.evidence ?? {}) as Evidence;
  /** A single person's team is named by their account id: their user page. */
  const team = (item: Submission) => (
    <EntityLink
      resource={item.teamId === item.submitterId ? 'users' : 'teams'}
      id={item.teamId}
      name={record.teamNames?.[item.teamId] ?? null}
    />
  );
  /**
   * A compared submission in words: its team (a single participant by their username) and when it was
   * sent, in the competition's zone as its offset (one line; the zone's name is on the times' hover); linking
   * to it, the id on hover and copy.
   */
  const byName = new Map((evidence.submissions ?? []).map((item) => [item.submissionId, item]));
  const compared = (id: string) => {
    const item = byName.get(id);
    const name = item
      ? `${record.teamNames?.[item.teamId] ?? translate('console.trust.unnamed')} · ${formatInZoneShort(item.createdAt, zone, { seconds: true })}`
      : null;
    return <EntityLink resource="submissions" id={id} name={name} />;
  };
  const account = (id: string) => (
    <EntityLink resource="users" id={id} name={record.accountNames?.[id] ?? null} />
  );

  if (record.kind === 'identical-files' && evidence.submissions)
    return (
      <Stack spacing={1}>
        <Line label="sha256">
          <code>{evidence.sha256}</code>
        </Line>
        <Rows head={['submission', 'team', 'status', 'submittedAt']}>
          {evidence.submissions.map((item) => (
            <TableRow key={item.submissionId}>
              <TableCell>
                <EntityLink resource="submissions" id={item.submissionId} name={item.fileName} />
              </TableCell>
              <TableCell>{team(item)}</TableCell>
              <TableCell>
                {translate(`console.submissions.status.${item.status}`, { _: item.status })}
              </TableCell>
              <TableCell>
                <ZonedTime value={item.createdAt} zone={zone} seconds />
              </TableCell>
            </TableRow>
          ))}
        </Rows>
      </Stack>
    );
  if (record.kind === 'correlated-predictions' && evidence.pairs)
    return (
      <Stack spacing={1}>
        <Line label="measure">{translate(key('pearson'), { threshold: evidence.threshold ?? '' })}</Line>
        <Rows head={['submissionA', 'submissionB', 'correlation', 'rows']}>
          {evidence.pairs.map((pair) => (
            <TableRow key={`${pair.submissionA}-${pair.submissionB}`}>
              <TableCell data-testid="compared-submission">{compared(pair.submissionA)}</TableCell>
              <TableCell data-testid="compared-submission">{compared(pair.submissionB)}</TableCell>
              <TableCell title={String(pair.correlation)}>{pair.correlation.toFixed(4)}</TableCell>
              <TableCell>{pair.rows}</TableCell>
            </TableRow>
          ))}
        </Rows>
      </Stack>
    );
  if (record.kind === 'shared-document' && evidence.verifications)
    return (
      <Rows head={['account', 'certificateType', 'certificateNumber', 'verificationStatus', 'submittedAt']}>
        {evidence.verifications.map((item) => (
          <TableRow key={item.verificationId}>
            <TableCell>{account(item.accountId)}</TableCell>
            <TableCell>
              {translate(
                `console.verifications.certificateType.${item.certificateType === 'id-card' ? 'idCard' : item.certificateType}`,
                { _: item.certificateType },
              )}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{item.certificateNumber}</TableCell>
            <TableCell>
              {translate(`console.verifications.status.${item.status.toLowerCase()}`, { _: item.status })}
            </TableCell>
            <TableCell>
              <ZonedTime value={item.submittedAt} seconds />
            </TableCell>
          </TableRow>
        ))}
      </Rows>
    );
  if (record.kind === 'shared-address' && evidence.signIns)
    return (
      <Stack spacing={1}>
        <Line label="address">
          <code>{evidence.address}</code>
        </Line>
        <Line label="window">
          <ZonedTime value={evidence.from} seconds /> – <ZonedTime value={evidence.to} seconds />
        </Line>
        {evidence.policy && (
          <Line label="policy">
            {translate(key('policyText'), {
              accounts: evidence.policy.accounts,
              minutes: evidence.policy.windowMinutes,
            })}
          </Line>
        )}
        <Rows head={['account', 'signedInAt']}>
          {evidence.signIns.map((item) => (
            <TableRow key={`${item.accountId}-${item.at}`}>
              <TableCell>{account(item.accountId)}</TableCell>
              <TableCell>
                <ZonedTime value={item.at} seconds />
              </TableCell>
            </TableRow>
          ))}
        </Rows>
      </Stack>
    );
  return (
    <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>
      {JSON.stringify(record.evidence, null, 2)}
    </pre>
  );
}
