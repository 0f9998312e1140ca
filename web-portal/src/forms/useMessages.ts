import { type Language, type MessageKey, defaultLanguage, translate } from '@sais/events';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from './rules';

export function languageOf(resolved: string | undefined): Language {
  return resolved === 'en' ? 'en' : defaultLanguage;
}

/**
 * Texts of the shared catalogue in the current language, re-rendered when the language changes, so a
 * form's message is the very text the server would send.
 */
export function useMessages() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const message = (key: MessageKey) => translate(key, language);
  const field = (key: FieldMessage | undefined) =>
    key === undefined ? undefined : key === 'required' ? t('forms.required') : message(key);
  return { message, field, language };
}
