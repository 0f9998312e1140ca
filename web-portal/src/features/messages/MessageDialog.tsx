import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../layout/PageFallback';
import { type MessageDetail, fetchMessage } from './messagesApi';
import { ZonedTime } from '../../forms/ZonedTime';

/** One message; opening it marks it read on the server. */
export function MessageDialog({ notifyId, onClose }: { notifyId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [message, setMessage] = useState<MessageDetail | null>(null);
  useEffect(() => {
    let live = true;
    fetchMessage(notifyId).then(
      (detail) => live && setMessage(detail),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [notifyId, onClose, i18n.resolvedLanguage]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="message-title">
      <DialogTitle id="message-title">{message?.title ?? t('app.loading')}</DialogTitle>
      <DialogContent dividers>
        {message ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {message.sender} · <ZonedTime iso={message.sendTime} />
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }} data-testid="message-content">
              {message.content}
            </Typography>
          </>
        ) : (
          <PageFallback />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
