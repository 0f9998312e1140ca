import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LanguageSelector } from '../../layout/LanguageSelector';
import { Logo } from '../../layout/Logo';

/** The frame of the bare sign-in pages: logo, language selector, a titled card. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', py: 6 }}>
      <Box sx={{ width: 480, mx: 'auto' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 3 }}>
          <Logo />
          <LanguageSelector />
        </Box>
        <Paper variant="outlined" sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
