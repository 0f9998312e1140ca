import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { schedule } from './prize';
import { Section } from './Section';

export function ScheduleSection() {
  const { t } = useTranslation();
  return (
    <Section id="schedule" title={t('home.scheduleHeading')} note={t('home.scheduleNote')}>
      <Box component="ol" sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 2, p: 0, m: 0 }}>
        {schedule.map((stage, index) => (
          <Paper
            component="li"
            key={stage}
            variant="outlined"
            sx={{ listStyle: 'none', p: 2, borderTop: 4, borderTopColor: 'secondary.main' }}
            data-testid="schedule-stage"
          >
            <Typography variant="overline" color="text.secondary">
              {index + 1}
            </Typography>
            <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
              {t(`home.schedule.${stage}.when`)}
            </Typography>
            <Typography>{t(`home.schedule.${stage}.title`)}</Typography>
          </Paper>
        ))}
      </Box>
    </Section>
  );
}
