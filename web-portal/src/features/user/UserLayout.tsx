import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginAddress } from '../../api/client';
import { PageFallback } from '../../layout/PageFallback';
import { useSession } from '../session/session';
import { UserNav } from './UserNav';

/** /user/*: for signed-in users only; a signed-out visitor goes to /login and comes back. */
export function UserLayout() {
  const state = useSession();
  const { pathname, search, hash } = useLocation();
  if (state.status === 'loading') return <PageFallback />;
  if (state.status === 'signedOut')
    return <Navigate to={loginAddress(`${pathname}${search}${hash}`)} replace />;
  return (
    <Container maxWidth="lg" sx={{ py: 4, display: 'flex', gap: 3, alignItems: 'flex-start' }}>
      <UserNav />
      <Paper variant="outlined" sx={{ flex: 1, p: 4, minWidth: 0 }}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Paper>
    </Container>
  );
}
