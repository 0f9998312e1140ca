import { lazyPage } from '../shared/lazyPage';
// The `teams` resource: operators look at teams and dissolve one with a reason.
// Each page is its own chunk, loaded when first shown.
export { default as icon } from '@mui/icons-material/Groups';
export const list = lazyPage(
  () => import('./TeamList'),
  (module) => module.TeamList,
);
export const show = lazyPage(
  () => import('./TeamShow'),
  (module) => module.TeamShow,
);
export const recordRepresentation = 'name';
