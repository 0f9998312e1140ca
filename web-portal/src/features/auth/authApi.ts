import { AuthFormMode, ContactChannel, type identity } from '@sais/events';
import { api } from '../../app/api';

export type Channel = 'email' | 'phone';
export type CodeMode = (typeof AuthFormMode)[keyof typeof AuthFormMode];

export interface Contact {
  channel: Channel;
  address: string;
}

/** The contact fields of the register, code-login and reset bodies (`phone` or `email`, trimmed). */
const contactBody = ({
  channel,
  address,
}: Contact): Pick<identity.requests.RegisterBody, 'contactType' | 'phone' | 'email'> =>
  channel === 'phone'
    ? { contactType: ContactChannel.PHONE, phone: address.trim() }
    : { contactType: ContactChannel.EMAIL, email: address.trim() };

/** POST /code/sendEmailCode or /code/sendPhoneCode → how long to wait before asking again. */
export function sendCode({ channel, address }: Contact, mode: CodeMode) {
  const path = channel === 'email' ? '/code/sendEmailCode' : '/code/sendPhoneCode';
  const data: identity.requests.SendEmailCodeBody | identity.requests.SendPhoneCodeBody =
    channel === 'email' ? { email: address.trim(), mode } : { phone: address.trim(), mode };
  return api.request<{ resendAfterSeconds: number }>(path, { method: 'POST', data });
}

export function loginWithPassword(username: string, password: string) {
  return api.request<{ userId: string }>('/user/login', {
    method: 'POST',
    data: { username, password } satisfies identity.requests.LoginBody,
  });
}

export function loginWithCode(contact: Contact, code: string) {
  return api.request<{ userId: string }>('/user/login', {
    method: 'POST',
    data: { ...contactBody(contact), code } satisfies identity.requests.LoginBody,
  });
}

/** The registration form (`agree` unticked is sent too: the server answers with its spec message). */
export interface Registration
  extends Contact, Pick<identity.requests.RegisterBody, 'username' | 'password' | 'code'> {
  agree: boolean;
}

export function register({ username, password, code, agree, ...contact }: Registration) {
  return api.request<{ userId: string }>('/user/register', {
    method: 'POST',
    data: { username, password, code, agree, ...contactBody(contact) },
  });
}

export function resetPassword(contact: Contact, code: string, password: string) {
  return api.request<null>('/user/reset', {
    method: 'POST',
    data: { ...contactBody(contact), code, password } satisfies identity.requests.ResetBody,
  });
}

export function logout() {
  return api.request<null>('/user/logout');
}
