import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate } from 'react-admin';

/** The signed-in user's roles, as `authProvider.getPermissions` reads them from `/user/detail`. */
export function RoleList() {
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return null;
  const roles = permissions ?? [];
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="roles">
      <Typography variant="subtitle2">{translate('console.dashboard.roles')}</Typography>
      {roles.length === 0 ? (
        <Typography color="text.secondary">{translate('console.dashboard.noRoles')}</Typography>
      ) : (
        roles.map((role) => <Chip key={role} label={translate(`console.roles.${role}`, { _: role })} />)
      )}
    </Stack>
  );
}
