import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled section of a competition page; `id` is its anchor in the page's section list. */
export function FormatSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      id={id}
      data-testid={id ? `section-${id}` : undefined}
      sx={{ mb: 4, scrollMarginTop: 80 }}
    >
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
