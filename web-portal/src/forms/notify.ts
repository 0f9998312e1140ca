import { type MessageKey, translate } from '@sais/events';
import { currentLanguage } from '../app/i18n';
import { notices } from '../notices/notices';

/** A success notice of spec §8, in the current language. */
export function notifySuccess(key: MessageKey): void {
  notices.notify({ severity: 'success', message: translate(key, currentLanguage()) });
}

export function notifyError(key: MessageKey): void {
  notices.notify({ severity: 'error', message: translate(key, currentLanguage()) });
}
