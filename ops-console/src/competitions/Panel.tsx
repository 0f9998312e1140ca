import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** One titled section under the competition's settings form. */
export function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
