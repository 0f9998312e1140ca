import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageFallback } from './PageFallback';

/** The sign-in pages: no top bar (spec §2). */
export function BareLayout() {
  return (
    <Box component="main" sx={{ minHeight: '100vh' }}>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
