import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../../forms/useMessages';
import { type SectionText, sectionIn } from './contentApi';
import { Markdown } from '@sais/web-shared';

/**
 * An operator's section in the reader's language, or in the other one with a note saying so; nothing
 * (or `empty`) when it is not written.
 */
export function OperatorText({
  text,
  testId,
  empty,
}: {
  text: SectionText | undefined;
  testId: string;
  empty?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const shown = sectionIn(text, language);
  if (!shown)
    return empty ? (
      <Typography color="text.secondary" data-testid={`${testId}-empty`}>
        {empty}
      </Typography>
    ) : null;
  return (
    <>
      {shown.language !== language ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid={`${testId}-fallback`}>
          {t('competition.content.otherLanguage')}
        </Typography>
      ) : null}
      <Markdown testId={testId}>{shown.markdown}</Markdown>
    </>
  );
}
