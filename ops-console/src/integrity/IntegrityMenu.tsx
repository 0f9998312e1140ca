import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import History from '@mui/icons-material/History';
import Lock from '@mui/icons-material/Lock';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import { Menu } from 'react-admin';
import { mayUse } from '../providers/permissions';

const items = [
  { to: '/integrity/seal', resource: 'integrity.seal', text: 'seal', icon: <Lock />, testId: 'menu-seal' },
  {
    to: '/signals',
    resource: 'signals',
    text: 'signals',
    icon: <GppMaybeOutlined />,
    testId: 'menu-signals',
  },
  {
    to: '/identity-signals',
    resource: 'identity-signals',
    text: 'identitySignals',
    icon: <PersonSearchOutlined />,
    testId: 'menu-identity-signals',
  },
  { to: '/integrity/asof', resource: 'integrity.asof', text: 'asOf', icon: <History />, testId: 'menu-asof' },
];

/** The integrity tools the signed-in roles may use. */
export function IntegrityMenuItems({ permissions }: { permissions: string[] | undefined }) {
  return (
    <>
      {items
        .filter((item) => mayUse(permissions, item.resource))
        .map((item) => (
          <Menu.Item
            key={item.to}
            to={item.to}
            primaryText={`console.integrity.menu.${item.text}`}
            leftIcon={item.icon}
            data-testid={item.testId}
          />
        ))}
    </>
  );
}
