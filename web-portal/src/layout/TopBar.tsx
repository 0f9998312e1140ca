import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { topBarHeight, topBarMinWidth } from '../app/theme';
import { UserMenu } from '../features/account/UserMenu';
import { useSession } from '../features/session/session';
import { AuthButtons } from './AuthButtons';
import { LanguageSelector } from './LanguageSelector';
import { Logo } from './Logo';

/** Spec §2: logo to home, language selector, Login/Register or the avatar menu; 64px high, 1360px wide at least. */
export function TopBar() {
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
        <Box sx={{ flex: 1 }} />
        <LanguageSelector />
        {state.status === 'signedIn' ? <UserMenu user={state.user} /> : null}
        {state.status === 'signedOut' ? <AuthButtons /> : null}
      </Toolbar>
    </AppBar>
  );
}
