import { api } from '../../app/api';
import type { Contact } from '../auth/authApi';

/** The profile fields POST /user/update takes (services/identity/src/http/schemas.ts `profileBody`). */
export interface ProfileChanges {
  nickname?: string;
  description?: string;
  countryRegion?: string;
  address?: string;
  isStudent?: boolean;
  organization?: string;
  graduationDate?: string;
}

export function updateProfile(changes: ProfileChanges) {
  return api.request<null>('/user/update', { method: 'POST', data: changes });
}

/** POST /user/updateEmail or /user/updatePhone, chosen by the contact type (spec §7). */
export function updateContact({ channel, address }: Contact, code: string) {
  const path = channel === 'email' ? '/user/updateEmail' : '/user/updatePhone';
  return api.request<null>(path, { method: 'POST', data: { [channel]: address.trim(), code } });
}
