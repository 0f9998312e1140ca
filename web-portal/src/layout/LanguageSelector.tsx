import TranslateIcon from '@mui/icons-material/Translate';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { isLanguage, languages } from '@sais/events';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../app/i18n';

/** Each language is named in itself, so a reader of either can find theirs. */
export function LanguageSelector() {
  const { t } = useTranslation();
  return (
    <Select
      size="small"
      value={currentLanguage()}
      onChange={(event) => isLanguage(event.target.value) && void changeLanguage(event.target.value)}
      startAdornment={<TranslateIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />}
      inputProps={{ 'aria-label': t('topBar.language') }}
      data-testid="language-selector"
    >
      {languages.map((language) => (
        <MenuItem key={language} value={language} lang={language}>
          {i18next.getFixedT(language)('languageName')}
        </MenuItem>
      ))}
    </Select>
  );
}
