import { lazyPage } from '../shared/lazyPage';
// The `submissions` resource: operators list, inspect, rescore and disqualify submissions.
// Each page is its own chunk, loaded when first shown.
export { default as icon } from '@mui/icons-material/UploadFile';
export const list = lazyPage(
  () => import('./SubmissionList'),
  (module) => module.SubmissionList,
);
export const show = lazyPage(
  () => import('./SubmissionShow'),
  (module) => module.SubmissionShow,
);
export const recordRepresentation = 'fileName';
