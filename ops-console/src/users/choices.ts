import { identity } from '@sais/events';

/** Roles an admin grants (every account is a participant too). */
export const { staffRoles } = identity.requests;
export const roleChoices = ['participant', ...staffRoles].map((id) => ({ id, name: `console.roles.${id}` }));
export const statusChoices = ['active', 'disabled', 'closed', 'deleted'].map((id) => ({
  id,
  name: `console.users.status.${id}`,
}));
