import { api } from '../../app/api';
import type { ChangePasswordValues } from '../auth/validation';

/** POST /user/updatePassword; its failure is only logged (spec §8), so the call opts out of the notice. */
export function updatePassword(values: ChangePasswordValues) {
  return api.request<null>('/user/updatePassword', { method: 'POST', data: values, silent: true });
}
