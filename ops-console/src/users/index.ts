// The `users` resource: operators find accounts and disable or enable them; admins grant roles.
export { default as icon } from '@mui/icons-material/ManageAccounts';
export { UserList as list } from './UserList';
export { UserShow as show } from './UserShow';
export const recordRepresentation = 'username';
