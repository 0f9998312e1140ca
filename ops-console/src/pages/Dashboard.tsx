import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { RoleList } from './RoleList';

export function Dashboard() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="ra.page.dashboard" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('console.dashboard.heading')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{translate('console.dashboard.intro')}</Typography>
        <RoleList />
      </CardContent>
    </Card>
  );
}
