import Button from '@mui/material/Button';
import type { MessageKey } from '@sais/events';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondsLeftOf } from '../../api/ApiError';
import { notifySuccess } from '../../forms/notify';
import { type CodeMode, type Contact, sendCode } from './authApi';
import { useCountdown } from './countdown';
import { checkAddress } from './validation';

interface CodeButtonProps {
  contact: Contact;
  mode: CodeMode;
  /** The address does not pass its rule: the form shows the message under it. */
  onInvalid: (message: MessageKey) => void;
}

/** Sends a code, then counts down from the server's `resendAfterSeconds` (or `secondsLeft` of a 429). */
export function CodeButton({ contact, mode, onInvalid }: CodeButtonProps) {
  const { t } = useTranslation();
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const invalid = checkAddress(contact.channel, contact.address);
    if (invalid) return onInvalid(invalid);
    setSending(true);
    try {
      const { resendAfterSeconds } = await sendCode(contact, mode);
      notifySuccess('codeSendSuccess');
      start(resendAfterSeconds);
    } catch (error) {
      const seconds = secondsLeftOf(error);
      if (seconds) start(seconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      variant="outlined"
      disabled={sending || secondsLeft > 0}
      onClick={() => void send()}
      data-testid="send-code"
      sx={{ whiteSpace: 'nowrap', minWidth: 150, height: 56 }}
    >
      {secondsLeft > 0 ? t('code.resendIn', { seconds: secondsLeft }) : t('code.send')}
    </Button>
  );
}
