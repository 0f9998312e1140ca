import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notifySuccess } from '../../forms/notify';
import { logout } from '../auth/authApi';
import { session } from '../session/session';
import type { UserDetail } from '../session/types';
import { updatePassword } from './accountApi';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { UserAvatar } from './UserAvatar';

/** Spec §2: the avatar goes to /user/myInfo; the dropdown offers Change Password and Sign Out. */
export function UserMenu({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changing, setChanging] = useState(false);

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
        <UserAvatar user={user} />
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
