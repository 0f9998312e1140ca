import { readStoredLanguage } from '@sais/events';
import { lazyPage } from '../shared/lazyPage';
// The `competitions` resource: operators create and edit competitions, phases, files, ground truth.
// Each page is its own chunk, loaded when first shown (the list does not bring the editing panels).
export { default as icon } from '@mui/icons-material/EmojiEvents';
export const create = lazyPage(
  () => import('./CompetitionCreate'),
  (module) => module.CompetitionCreate,
);
export const edit = lazyPage(
  () => import('./CompetitionEdit'),
  (module) => module.CompetitionEdit,
);
export const list = lazyPage(
  () => import('./CompetitionList'),
  (module) => module.CompetitionList,
);
// In the console's language (the shared choice; the page re-renders when it changes).
export const recordRepresentation = (record: { title?: { en: string; 'zh-CN': string } }) =>
  record.title ? record.title[readStoredLanguage()] : '';
