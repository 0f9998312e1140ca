import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { topBarHeight, topBarMinWidth } from '../app/theme';
import { UserMenu } from '../features/account/UserMenu';
import { useSession } from '../features/session/session';
import { AuthButtons } from './AuthButtons';
import { LanguageSelector } from './LanguageSelector';
import { Logo } from './Logo';

/** Spec §2: logo to home, the competitions page (issue 21), language selector, Login/Register or the avatar menu; 64px high, 1360px wide at least. */
export function TopBar() {
  const { t } = useTranslation();
  const state = useSession();
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={1}
      sx={{ minWidth: topBarMinWidth }}
      data-testid="top-bar"
    >
      <Toolbar sx={{ height: topBarHeight, minHeight: topBarHeight, gap: 2 }}>
        <Logo />
        <Box component="nav" aria-label={t('topBar.navigation')} sx={{ display: 'flex', gap: 1, ml: 2 }}>
          <Button
            component={NavLink}
            to="/competitions"
            color="inherit"
            sx={{ fontWeight: 600, '&.active': { color: 'primary.main' } }}
          >
            {t('topBar.competitions')}
          </Button>
        </Box>
        <Box sx={{ flex: 1 }} />
        <LanguageSelector />
        {state.status === 'signedIn' ? <UserMenu user={state.user} /> : null}
        {state.status === 'signedOut' ? <AuthButtons /> : null}
      </Toolbar>
    </AppBar>
  );
}
