import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useRecordContext, useTranslate } from 'react-admin';

/** An account's roles in words (`console.roles.*`), one chip each. */
export function RolesField({ source = 'roles' }: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Record<string, unknown>>();
  const translate = useTranslate();
  const roles = (record?.[source] as string[] | undefined) ?? [];
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {roles.map((role) => (
        <Chip key={role} size="small" label={translate(`console.roles.${role}`, { _: role })} />
      ))}
    </Stack>
  );
}

/** An event's actor role in words. */
export function RoleText({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Record<string, unknown>>();
  const translate = useTranslate();
  const role = source
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], record);
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {role ? translate(`console.roles.${String(role)}`, { _: String(role) }) : '—'}
    </span>
  );
}
