import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { TransparencySection } from '../features/transparency/TransparencySection';

const paragraphs = ['purpose', 'participation', 'languages'] as const;

export default function IntroPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  // The footer's link to the checkpoint key lands on its section.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
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
