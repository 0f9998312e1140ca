// The `teams` resource: operators look at teams and dissolve one with a reason.
export { default as icon } from '@mui/icons-material/Groups';
export { TeamList as list } from './TeamList';
export { TeamShow as show } from './TeamShow';
export const recordRepresentation = 'name';
