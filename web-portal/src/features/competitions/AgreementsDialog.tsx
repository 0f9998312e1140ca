import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Agreement, localized } from './types';

interface AgreementsDialogProps {
  agreements: Agreement[];
  busy: boolean;
  onClose: () => void;
  onAccept: (agreementIds: string[]) => void;
}

/** Every agreement of the competition must be accepted before signing up. */
export function AgreementsDialog({ agreements, busy, onClose, onAccept }: AgreementsDialogProps) {
  const { t, i18n } = useTranslation();
  const [accepted, setAccepted] = useState<string[]>([]);
  const all = agreements.every((agreement) => accepted.includes(agreement.agreementId));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="agreements-title">
      <DialogTitle id="agreements-title">{t('competition.agreementsTitle')}</DialogTitle>
      <DialogContent dividers>
        {agreements.length === 0 ? <Typography>{t('competition.noAgreements')}</Typography> : null}
        {agreements.map((agreement) => (
          <section key={agreement.agreementId}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {localized(agreement.title, i18n.resolvedLanguage)}
            </Typography>
            <Typography variant="body2" sx={{ my: 1, lineHeight: 1.8 }}>
              {localized(agreement.body, i18n.resolvedLanguage)}
            </Typography>
            <FormControlLabel
              control={
                <Checkbox
                  checked={accepted.includes(agreement.agreementId)}
                  onChange={(event) =>
                    setAccepted((previous) =>
                      event.target.checked
                        ? [...previous, agreement.agreementId]
                        : previous.filter((id) => id !== agreement.agreementId),
                    )
                  }
                />
              }
              label={t('competition.acceptAgreement')}
            />
          </section>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disableElevation
          disabled={!all || busy}
          onClick={() => onAccept(accepted)}
        >
          {t('competition.signUp')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
