import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { useState } from 'react';
import { useCommand } from '../shared/useCommand';
import { EffectDialog } from '../shared/EffectDialog';
import { mayUse } from '../providers/permissions';
import { staffRoles } from './choices';

/** Admins grant and revoke staff roles here; each change is an event on the account's stream. */
export function RolesPanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const { run, isPending } = useCommand('users');
  const [asked, setAsked] = useState<{ role: string; held: boolean } | null>(null);
  if (!record || !mayUse(permissions, 'users.roles')) return null;
  const roles = record.roles as string[];
  return (
    <Card sx={{ mt: 2 }} data-testid="roles-panel">
      <CardContent>
        <Typography variant="h6">{translate('console.users.rolesTitle')}</Typography>
        <FormGroup row>
          {staffRoles.map((role) => {
            const held = roles.includes(role);
            return (
              <FormControlLabel
                key={role}
                label={translate(`console.roles.${role}`)}
                control={
                  <Checkbox
                    checked={held}
                    disabled={isPending}
                    slotProps={{ input: { 'data-testid': `role-${role}` } as object }}
                    onChange={() => setAsked({ role, held })}
                  />
                }
              />
            );
          })}
        </FormGroup>
        {asked && (
          <EffectDialog
            open
            title="console.users.rolesTitle"
            confirm={asked.held ? 'console.users.revoke' : 'console.users.grant'}
            effect={translate(`console.trust.effects.${asked.held ? 'revokeRole' : 'grantRole'}`, {
              user: record.username,
              role: translate(`console.roles.${asked.role}`),
            })}
            pending={isPending}
            onClose={() => setAsked(null)}
            onConfirm={async () => {
              const { role, held } = asked;
              const done = held ? 'console.users.revoked' : 'console.users.granted';
              if (await run(record.id, held ? 'revoke' : 'grant', { role }, done)) setAsked(null);
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
