// The `competitions` resource: operators create and edit competitions, phases, files, ground truth.
export { default as icon } from '@mui/icons-material/EmojiEvents';
export { CompetitionCreate as create } from './CompetitionCreate';
export { CompetitionEdit as edit } from './CompetitionEdit';
export { CompetitionList as list } from './CompetitionList';
export const recordRepresentation = (record: { title?: { en: string } }) => record.title?.en ?? '';
