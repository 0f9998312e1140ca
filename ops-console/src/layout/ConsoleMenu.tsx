import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import History from '@mui/icons-material/History';
import Leaderboard from '@mui/icons-material/Leaderboard';
import ManageHistory from '@mui/icons-material/ManageHistory';
import Rule from '@mui/icons-material/Rule';
import Replay from '@mui/icons-material/Replay';
import Timeline from '@mui/icons-material/Timeline';
import { Menu, usePermissions } from 'react-admin';
import { eventsResource } from '../audit/services';
import { IntegrityMenuItems } from '../integrity/IntegrityMenu';
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
      {(['competitions', 'submissions'] as const).map(
        (name) =>
          mayUse(permissions, name) && (
            <Menu.ResourceItem key={name} name={name} data-testid={`menu-${name}`} />
          ),
      )}
      {mayUse(permissions, 'leaderboards') && (
        <Menu.Item
          to="/leaderboards"
          primaryText="console.leaderboards.title"
          leftIcon={<Leaderboard />}
          data-testid="menu-leaderboards"
        />
      )}
      {(['teams', 'users'] as const).map(
        (name) =>
          mayUse(permissions, name) && (
            <Menu.ResourceItem key={name} name={name} data-testid={`menu-${name}`} />
          ),
      )}
      <IntegrityMenuItems permissions={permissions} />
      {mayUse(permissions, 'audit') && (
        <>
          <Menu.Item
            to="/staff-activity"
            primaryText="console.trust.activity.menu"
            leftIcon={<ManageHistory />}
            data-testid="menu-staff-activity"
          />
          <Menu.Item
            to={`/${eventsResource('identity')}`}
            primaryText="console.menu.auditEvents"
            leftIcon={<History />}
            data-testid="menu-audit-events"
          />
          <Menu.Item
            to="/audit/streams"
            primaryText="console.menu.auditStreams"
            leftIcon={<Timeline />}
            data-testid="menu-audit-streams"
          />
          <Menu.Item
            to="/audit/verify"
            primaryText="console.menu.auditVerify"
            leftIcon={<FactCheckOutlined />}
            data-testid="menu-audit-verify"
          />
          <Menu.Item
            to="/audit/read-models"
            primaryText="console.menu.auditReadModels"
            leftIcon={<Rule />}
            data-testid="menu-audit-read-models"
          />
        </>
      )}
      {mayUse(permissions, 'audit.replay') && (
        <Menu.Item
          to="/audit/replay"
          primaryText="console.menu.auditReplay"
          leftIcon={<Replay />}
          data-testid="menu-audit-replay"
        />
      )}
    </Menu>
  );
}
