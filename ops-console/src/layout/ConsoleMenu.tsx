import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Menu } from 'react-admin';

export function ConsoleMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.Item to="/review" primaryText="console.menu.review" leftIcon={<FactCheckIcon />} />
    </Menu>
  );
}
