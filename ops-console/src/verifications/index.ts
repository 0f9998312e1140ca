import { lazyPage } from '../shared/lazyPage';
// The `verifications` resource: the reviewers' queue (`/review` leads here) and one verification.
// Each page is its own chunk, loaded when first shown.
export { default as icon } from '@mui/icons-material/FactCheck';
export const list = lazyPage(
  () => import('./VerificationList'),
  (module) => module.VerificationList,
);
export const show = lazyPage(
  () => import('./VerificationShow'),
  (module) => module.VerificationShow,
);
export const recordRepresentation = 'name';
