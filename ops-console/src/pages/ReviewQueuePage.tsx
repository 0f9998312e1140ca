import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Title, useTranslate } from 'react-admin';

/** The identity-verification review queue: a later issue builds it; until then it says so. */
export function ReviewQueuePage() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="console.review.title" />
      <CardContent>
        <Alert severity="info" data-testid="review-not-available">
          {translate('console.review.notAvailable')}
        </Alert>
      </CardContent>
    </Card>
  );
}
