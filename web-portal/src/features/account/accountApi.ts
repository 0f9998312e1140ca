import { api } from '../../app/api';
import type { ChangePasswordValues } from '../auth/validation';

/** POST /user/updatePassword; its failure is only logged (spec §8), so the call opts out of the notice. */
export function updatePassword(values: ChangePasswordValues) {
  return api.request<null>('/user/updatePassword', { method: 'POST', data: values, silent: true });
}

/** POST /user/close: closes the signed-in account (the password confirms it); the server ends every session. */
export function closeAccount(password: string) {
  return api.request<{ closedAt: string; deleteAfter: string | null }>('/user/close', {
    method: 'POST',
    data: { password },
  });
}
