import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import {
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ZonedTimeField } from '../trust/ZonedTime';
import { RolesField } from '../trust/RolesField';
import { ReasonButton } from '../operations/ReasonButton';
import { useCommand } from '../operations/useCommand';
import { statusChoices } from './choices';
import { RolesPanel } from './RolesPanel';

function StatusAction() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { run, isPending } = useCommand('users');
  if (!record) return null;
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

/** One account: contact, roles, status; disable or enable it; admins change its roles. */
export function UserShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <StatusAction />
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
        <ZonedTimeField source="registeredAt" />
      </SimpleShowLayout>
      <RolesPanel />
    </Show>
  );
}
