import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { useUnreadCount } from '../messages/useUnreadCount';

export const userPages = ['myInfo', 'myRace', 'myAuth', 'myMsg'] as const;

/** The pages of the user area, the messages with their unread count. */
export function UserNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unread = useUnreadCount(pathname);
  return (
    <Paper
      variant="outlined"
      component="nav"
      aria-label={t('userNav.label')}
      sx={{ width: 220, flexShrink: 0 }}
    >
      <List>
        {userPages.map((page) => (
          <ListItemButton
            key={page}
            component={NavLink}
            to={`/user/${page}`}
            selected={pathname === `/user/${page}`}
          >
            <ListItemText primary={t(`pages.${page}`)} />
            {page === 'myMsg' && unread > 0 ? (
              <Chip size="small" color="error" label={unread} data-testid="unread-badge" />
            ) : null}
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
