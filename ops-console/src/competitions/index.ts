import { readStoredLanguage } from '@sais/events';
// The `competitions` resource: operators create and edit competitions, phases, files, ground truth.
export { default as icon } from '@mui/icons-material/EmojiEvents';
export { CompetitionCreate as create } from './CompetitionCreate';
export { CompetitionEdit as edit } from './CompetitionEdit';
export { CompetitionList as list } from './CompetitionList';
// In the console's language (the shared choice; the page re-renders when it changes).
export const recordRepresentation = (record: { title?: { en: string; 'zh-CN': string } }) =>
  record.title ? record.title[readStoredLanguage()] : '';
