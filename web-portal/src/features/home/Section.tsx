import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { SectionKey } from './prize';

/** One titled part of the landing page, reachable by its anchor (`#schedule`). */
export function Section({
  id,
  title,
  note,
  children,
}: {
  id: SectionKey;
  title: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-heading`} sx={{ scrollMarginTop: 72 }}>
      <Container maxWidth="lg" sx={{ py: 5 }}>
        <Typography id={`${id}-heading`} variant="h5" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {note ? (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {note}
          </Typography>
        ) : (
          <Box sx={{ mb: 3 }} />
        )}
        {children}
      </Container>
    </Box>
  );
}
