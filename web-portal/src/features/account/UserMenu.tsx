import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { notifySuccess } from '../../forms/notify';
import { logout } from '../auth/authApi';
import { useUnreadCount } from '../messages/useUnreadCount';
import { session } from '../session/session';
import type { UserDetail } from '../session/types';
import { updatePassword } from './accountApi';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { UserAvatar } from './UserAvatar';

/** How often the top bar asks for the unread count when nothing else changes. */
const unreadPollMs = 30_000;

/**
 * Spec §2: the avatar goes to /user/myInfo; the dropdown offers the inbox, Change Password and Sign Out.
 * The avatar carries the unread count (issue 21), which follows reading at once.
 */
export function UserMenu({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changing, setChanging] = useState(false);
  const { pathname } = useLocation();
  const unread = useUnreadCount(pathname, unreadPollMs);

  // Leave for /login at once (not in a transition that keeps this page up while the login page
  // loads), then empty the cached user: the user pages must not see it go and send to /login?redirect.
  const leaveSignedOut = async () => {
    await navigate('/login', { flushSync: true });
    session.clear();
  };

  const signOut = async () => {
    setAnchor(null);
    await logout().catch(() => undefined);
    await leaveSignedOut();
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }} data-testid="user-menu">
      <ButtonBase
        onClick={() => void navigate('/user/myInfo')}
        aria-label={t('userMenu.profile')}
        sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 1 }}
      >
        <Badge
          badgeContent={unread}
          color="error"
          max={99}
          overlap="circular"
          slotProps={{ badge: { 'aria-label': t('userMenu.unread', { count: unread }) } as object }}
          data-testid="top-unread-badge"
          data-unread={unread}
        >
          <UserAvatar user={user} />
        </Badge>
        <Typography sx={{ maxWidth: 160 }} noWrap>
          {user.nickname || user.username}
        </Typography>
      </ButtonBase>
      <IconButton
        aria-label={t('userMenu.open')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <ArrowDropDownIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          component={Link}
          to="/user/myMsg"
          onClick={() => setAnchor(null)}
          data-testid="menu-inbox"
          sx={{ gap: 2, justifyContent: 'space-between' }}
        >
          {t('userMenu.inbox')}
          {unread > 0 ? <Chip size="small" color="error" label={unread} data-testid="menu-unread" /> : null}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setChanging(true);
          }}
        >
          {t('userMenu.changePassword')}
        </MenuItem>
        <MenuItem onClick={() => void signOut()}>{t('userMenu.signOut')}</MenuItem>
      </Menu>
      <ChangePasswordDialog
        open={changing}
        onClose={() => setChanging(false)}
        save={async (values) => {
          await updatePassword(values);
        }}
        onSaved={() => {
          // Changing the password ends every session (the server clears the cookie): sign in again.
          setChanging(false);
          notifySuccess('modifySuccess');
          void leaveSignedOut();
        }}
      />
    </Box>
  );
}
