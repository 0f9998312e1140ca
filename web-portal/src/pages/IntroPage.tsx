import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TransparencySection } from '../features/transparency/TransparencySection';

const paragraphs = ['purpose', 'participation', 'languages'] as const;

export default function IntroPage() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t('intro.title')}
      </Typography>
      {paragraphs.map((paragraph) => (
        <Typography key={paragraph} sx={{ mb: 2, lineHeight: 1.8 }}>
          {t(`intro.paragraphs.${paragraph}`)}
        </Typography>
      ))}
      <TransparencySection />
    </Container>
  );
}
