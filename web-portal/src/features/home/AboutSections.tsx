import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { committees, organisations, rules } from './prize';
import { Section } from './Section';

const grid = (columns: number) => ({
  display: 'grid',
  gridTemplateColumns: `repeat(${columns}, 1fr)`,
  gap: 2,
  p: 0,
  m: 0,
});

export function RulesSection() {
  const { t } = useTranslation();
  return (
    <Section id="rules" title={t('home.rulesHeading')}>
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {rules.map((rule) => (
          <Typography component="li" key={rule} sx={{ mb: 1.5, lineHeight: 1.8 }} data-testid="rule">
            {t(`home.rules.${rule}`)}
          </Typography>
        ))}
      </Box>
    </Section>
  );
}

export function CommitteeSection() {
  const { t } = useTranslation();
  return (
    <Section id="committee" title={t('home.committeeHeading')}>
      <Box component="ul" sx={grid(3)}>
        {committees.map((committee) => (
          <Card component="li" key={committee} variant="outlined" sx={{ listStyle: 'none' }}>
            <CardContent>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t(`home.committee.${committee}.title`)}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {t(`home.committee.${committee}.body`)}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Section>
  );
}

export function OrganisationsSection() {
  const { t } = useTranslation();
  return (
    <Section id="organisations" title={t('home.organisationsHeading')}>
      <Box component="dl" sx={{ ...grid(4), '& dd': { m: 0 } }}>
        {organisations.map((organisation) => (
          <Box key={organisation} data-testid="organisation">
            <Typography component="dt" variant="overline" color="text.secondary">
              {t(`home.organisations.${organisation}.role`)}
            </Typography>
            <Typography component="dd" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t(`home.organisations.${organisation}.name`)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
