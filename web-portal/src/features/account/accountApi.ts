import type { identity } from '@sais/events';
import { api } from '../../app/api';
import type { ChangePasswordValues } from '../auth/validation';

/**
 * POST /user/updatePassword. Spec §8 logs the failure to the console; the common error notice still
 * applies (a wrong current password says so), so the call does not opt out of it.
 */
export function updatePassword(values: ChangePasswordValues) {
  return api.request<null>('/user/updatePassword', {
    method: 'POST',
    data: values satisfies identity.requests.UpdatePasswordBody,
  });
}

/** POST /user/close: closes the signed-in account (the password confirms it); the server ends every session. */
export function closeAccount(password: string) {
  return api.request<{ closedAt: string; deleteAfter: string | null }>('/user/close', {
    method: 'POST',
    data: { password } satisfies identity.requests.CloseAccount,
  });
}
