import type { identity } from '@sais/events';
import { api } from '../../app/api';
import type { Contact } from '../auth/authApi';

/** The profile fields POST /user/update takes (`identity.requests.profileBody`). */
export type ProfileChanges = identity.requests.ProfileBody;

export function updateProfile(changes: ProfileChanges) {
  return api.request<null>('/user/update', { method: 'POST', data: changes });
}

/** POST /user/updateEmail or /user/updatePhone, chosen by the contact type (spec §7). */
export function updateContact({ channel, address }: Contact, code: string) {
  const path = channel === 'email' ? '/user/updateEmail' : '/user/updatePhone';
  const data: identity.requests.UpdateEmailBody | identity.requests.UpdatePhoneBody =
    channel === 'email' ? { email: address.trim(), code } : { phone: address.trim(), code };
  return api.request<null>(path, { method: 'POST', data });
}
