import { Menu, usePermissions } from 'react-admin';
import { mayUse } from '../providers/permissions';

/** Only what the signed-in roles may use (the server refuses the rest anyway). */
export function ConsoleMenu() {
  const { permissions } = usePermissions<string[]>();
  return (
    <Menu>
      <Menu.DashboardItem />
      {mayUse(permissions, 'verifications') && (
        <Menu.ResourceItem name="verifications" primaryText="console.menu.review" data-testid="menu-review" />
      )}
    </Menu>
  );
}
