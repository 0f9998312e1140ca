import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import PersonOff from '@mui/icons-material/PersonOff';
import Button from '@mui/material/Button';
import {
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { mayUse } from '../providers/permissions';
import { RolesField } from '../shared/RolesField';
import { ZonedTimeField } from '../shared/ZonedTime';
import { ReasonButton } from '../shared/ReasonButton';
import { useCommand } from '../shared/useCommand';
import { staffRoles, statusChoices } from './choices';
import { RolesPanel } from './RolesPanel';

function StatusAction() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const { run, isPending } = useCommand('users');
  if (!record || record.status === 'closed' || record.status === 'deleted') return null;
  const staff = ((record.roles as string[] | undefined) ?? []).some((role) =>
    (staffRoles as readonly string[]).includes(role),
  );
  // The server refuses an operator's change to a staff account: no button that can only fail.
  if (staff && !permissions?.includes('admin')) return null;
  if (record.status === 'disabled')
    return (
      <Button
        startIcon={<CheckCircle />}
        disabled={isPending}
        data-testid="enable"
        onClick={() => run(record.id, 'enable', {}, 'console.users.enabled')}
      >
        {translate('console.users.enable')}
      </Button>
    );
  return (
    <ReasonButton
      resource="users"
      action="disable"
      label="console.users.disable"
      title="console.users.disableTitle"
      done="console.users.disabled"
      effect={(user, translate) => translate('console.trust.effects.disableUser', { user: user.username })}
      icon={<Block />}
      testId="disable"
    />
  );
}

/** Admins close an account, with a reason (decision 0017): it cannot sign in, its data goes later. */
function CloseAction() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string[]>();
  if (!record || record.status === 'closed' || record.status === 'deleted') return null;
  if (!mayUse(permissions, 'users.close')) return null;
  return (
    <ReasonButton
      resource="users"
      action="close"
      label="console.users.close"
      title="console.users.closeTitle"
      done="console.users.closed"
      effect={(user, translate) => translate('console.trust.effects.closeAccount', { user: user.username })}
      icon={<PersonOff />}
      testId="close-account"
    />
  );
}

/** One account: contact, roles, status; disable or enable it; admins change its roles or close it. */
export function UserShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <StatusAction />
          <CloseAction />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="username" />
        <TextField source="id" />
        <TextField source="email" emptyText="—" />
        <TextField source="phone" emptyText="—" />
        <RolesField source="roles" />
        <SelectField source="status" choices={statusChoices} />
        <TextField source="disabledReason" emptyText="—" />
        <ZonedTimeField source="closedAt" />
        <TextField source="deleteAfter" emptyText="—" />
        <ZonedTimeField source="registeredAt" />
      </SimpleShowLayout>
      <RolesPanel />
    </Show>
  );
}
