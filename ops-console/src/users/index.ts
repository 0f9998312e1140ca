import { lazyPage } from '../shared/lazyPage';
// The `users` resource: operators find accounts and disable or enable them; admins grant roles.
// Each page is its own chunk, loaded when first shown.
export { default as icon } from '@mui/icons-material/ManageAccounts';
export const list = lazyPage(
  () => import('./UserList'),
  (module) => module.UserList,
);
export const show = lazyPage(
  () => import('./UserShow'),
  (module) => module.UserShow,
);
export const recordRepresentation = 'username';
