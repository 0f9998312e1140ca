import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '../../forms/useMessages';

/** Spec §6: signing up and datasets need real-name authentication; offers to go there. */
export function GoToAuthDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useMessages();
  const navigate = useNavigate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="go-to-auth-title" data-testid="go-to-auth">
      <DialogTitle id="go-to-auth-title">{t('competition.authRequiredTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message('verificationRequired')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disableElevation onClick={() => void navigate('/user/myAuth')}>
          {t('competition.goToAuth')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
