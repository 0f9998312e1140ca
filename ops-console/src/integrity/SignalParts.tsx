import Block from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactElement, type ReactNode, useState } from 'react';
import { Datagrid, List, SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { ReasonButton } from '../shared/ReasonButton';
import { useCompetition } from '../shared/CompetitionPhasePicker';
import { EffectDialog } from '../shared/EffectDialog';
import { EntityLink } from '../shared/EntityLink';
import { EvidenceView } from './EvidenceView';
import { useCommand } from '../shared/useCommand';
import type { SignalRecord } from './signalRecord';

const choices = (prefix: string, names: readonly string[]) =>
  names.map((name) => ({ id: name, name: `console.integrity.${prefix}.${name}` }));

/** Filters shared by both signal lists: kind and status. */
export const signalFilters = (kinds: readonly string[], statuses: readonly string[]) => [
  <SelectInput key="kind" source="kind" choices={choices('kinds', kinds)} alwaysOn />,
  <SelectInput key="status" source="status" choices={choices('statuses', statuses)} alwaysOn />,
];

/** `label` is read by the Datagrid for the column header. */
export function KindField(_: { label?: string }) {
  const record = useRecordContext<SignalRecord>();
  const translate = useTranslate();
  // A kind is a short phrase: never broken inside a word (预测/高度/相似, issue 35); between words it may.
  return record ? (
    <span style={{ wordBreak: 'keep-all' }}>{translate(`console.integrity.kinds.${record.kind}`)}</span>
  ) : null;
}

export function StatusChip(_: { label?: string }) {
  const record = useRecordContext<SignalRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.status === 'open' ? 'warning' : 'default'}
      label={translate(`console.integrity.statuses.${record.status}`)}
      data-testid="signal-status"
    />
  );
}

/** The teams or accounts a signal names: by name where known, the id on hover and copy. */
export function NamesField({ source }: { source: 'teamIds' | 'accountIds'; label?: string }) {
  const record = useRecordContext<SignalRecord>();
  const names = (source === 'teamIds' ? record?.teamNames : record?.accountNames) ?? {};
  // A single participant's team is their account id (the evidence's submissions say so): their page.
  const submissions = (record?.evidence as { submissions?: { teamId: string; submitterId: string }[] })
    ?.submissions;
  const solo = new Set(
    (submissions ?? []).filter((item) => item.teamId === item.submitterId).map((item) => item.teamId),
  );
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {(record?.[source] ?? []).map((id) => (
        <EntityLink
          key={id}
          resource={source === 'teamIds' && !solo.has(id) ? 'teams' : 'users'}
          id={id}
          name={names[id] ?? null}
        />
      ))}
    </Stack>
  );
}

/** The evidence (expanded row): as the service gives it, and the decision's reason if any. */
export function SignalEvidence() {
  const record = useRecordContext<SignalRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="signal-evidence">
      <Typography variant="subtitle2">{translate('console.integrity.evidence')}</Typography>
      <EvidenceView record={record} />
      {record.decision && (
        <Typography variant="body2">
          {translate('console.integrity.decision', { reason: record.decision.reason })}
        </Typography>
      )}
    </Stack>
  );
}

/** Disqualifies one team a signal names (scoring's call), with a reason; one button per team. */
export function DisqualifyTeamButtons() {
  const record = useRecordContext<SignalRecord>();
  const translate = useTranslate();
  const [team, setTeam] = useState<string | null>(null);
  const { run, isPending } = useCommand('signals');
  const { name: competitionName } = useCompetition(
    (record as (SignalRecord & { competitionId?: string }) | undefined)?.competitionId ?? '',
  );
  if (!record) return null;
  const nameOf = (id: string) => record.teamNames?.[id] ?? translate('console.trust.unnamed');
  return (
    <>
      {(record.teamIds ?? []).map((id) => (
        <Button
          key={id}
          color="error"
          size="small"
          startIcon={<Block />}
          onClick={() => setTeam(id)}
          data-testid="signal-disqualify"
        >
          {translate('console.integrity.disqualify', { team: nameOf(id) })}
        </Button>
      ))}
      <EffectDialog
        open={team !== null}
        title={translate('console.integrity.disqualifyTitle', { team: team ? nameOf(team) : '' })}
        confirm="console.integrity.disqualified"
        effect={translate('console.trust.effects.disqualifyTeam', {
          team: team ? nameOf(team) : '',
          competition: competitionName,
        })}
        irreversible
        withReason
        pending={isPending}
        onClose={() => setTeam(null)}
        onConfirm={async (reason) => {
          if (await run(record.id, 'disqualify', { teamId: team, reason }, 'console.integrity.disqualified'))
            setTeam(null);
        }}
      />
    </>
  );
}

/** The actions of an open signal; clicks stay out of the row (which expands the evidence). */
export function OpenActions({ children }: { children: ReactNode }) {
  const record = useRecordContext<SignalRecord>();
  if (record?.status !== 'open') return null;
  // One action a line, no word broken: a row of buttons naming teams left the other columns a few
  // characters wide at 1366 px (issue 35).
  return (
    <Stack
      spacing={0.5}
      sx={{ alignItems: 'flex-start', '& .MuiButton-root': { wordBreak: 'keep-all', textAlign: 'left' } }}
      onClick={(event) => event.stopPropagation()}
    >
      {children}
    </Stack>
  );
}

/** A decision that needs only a reason (dismiss, confirm). */
export function DecisionButton({ resource, action }: { resource: string; action: 'dismiss' | 'confirm' }) {
  const done = action === 'dismiss' ? 'dismissed' : 'confirmed';
  return (
    <ReasonButton
      resource={resource}
      action={action}
      label={`console.integrity.${action}`}
      title={`console.integrity.${action}Title`}
      done={`console.integrity.${done}`}
      testId={`signal-${action}`}
    />
  );
}

/** A signal list: newest first, its filters, a row opens its evidence; `children` are the columns. */
export function SignalListFrame({ filters, children }: { filters: ReactElement[]; children: ReactNode }) {
  return (
    <List filters={filters} sort={{ field: 'detectedAt', order: 'DESC' }} exporter={false}>
      {/* Eight columns, a one-line time among them, fit 1366 px with half the usual space beside each (issue 35). */}
      <Datagrid
        expand={<SignalEvidence />}
        bulkActionButtons={false}
        rowClick="expand"
        sx={{ '& .MuiTableCell-root': { px: 1 } }}
      >
        {children}
      </Datagrid>
    </List>
  );
}
