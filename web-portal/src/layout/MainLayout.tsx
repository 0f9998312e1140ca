import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { topBarMinWidth } from '../app/theme';
import { Footer } from './Footer';
import { PageFallback } from './PageFallback';
import { TopBar } from './TopBar';

export function MainLayout() {
  return (
    <Box sx={{ minWidth: topBarMinWidth, minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box component="main" sx={{ flex: 1 }}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
