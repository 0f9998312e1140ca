import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The sections of the platform service terms (spec §1). */
export const termsSections = [
  'accountSecurity',
  'acceptableUse',
  'intellectualProperty',
  'liability',
  'forceMajeure',
  'governingLaw',
  'updates',
  'termination',
] as const;

interface TermsDialogProps {
  open: boolean;
  onClose: () => void;
  onAgree: () => void;
}

export function TermsDialog({ open, onClose, onAgree }: TermsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} scroll="paper" maxWidth="md" aria-labelledby="terms-title">
      <DialogTitle id="terms-title">{t('terms.title')}</DialogTitle>
      <DialogContent dividers>
        {termsSections.map((section, index) => (
          <section key={section}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: index ? 2 : 0 }}>
              {t(`terms.sections.${section}.heading`)}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5, lineHeight: 1.8 }}>
              {t(`terms.sections.${section}.body`)}
            </Typography>
          </section>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button variant="contained" disableElevation onClick={onAgree}>
          {t('terms.agree')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
