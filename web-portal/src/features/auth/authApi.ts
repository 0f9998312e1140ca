import { AuthFormMode, ContactChannel } from '@sais/events';
import { api } from '../../app/api';

export type Channel = 'email' | 'phone';
export type CodeMode = (typeof AuthFormMode)[keyof typeof AuthFormMode];

/** Contact type of spec §3 as the calls take it: PHONE 0, EMAIL 1. */
export function contactTypeOf(channel: Channel): 0 | 1 {
  return channel === 'phone' ? ContactChannel.PHONE : ContactChannel.EMAIL;
}

export interface Contact {
  channel: Channel;
  address: string;
}

const contactBody = ({ channel, address }: Contact) => ({
  contactType: contactTypeOf(channel),
  [channel]: address.trim(),
});

/** POST /code/sendEmailCode or /code/sendPhoneCode → how long to wait before asking again. */
export function sendCode({ channel, address }: Contact, mode: CodeMode) {
  const path = channel === 'email' ? '/code/sendEmailCode' : '/code/sendPhoneCode';
  return api.request<{ resendAfterSeconds: number }>(path, {
    method: 'POST',
    data: { [channel]: address.trim(), mode },
  });
}

export function loginWithPassword(username: string, password: string) {
  return api.request<{ userId: string }>('/user/login', { method: 'POST', data: { username, password } });
}

export function loginWithCode(contact: Contact, code: string) {
  return api.request<{ userId: string }>('/user/login', {
    method: 'POST',
    data: { ...contactBody(contact), code },
  });
}

export interface Registration extends Contact {
  username: string;
  password: string;
  code: string;
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
    data: { ...contactBody(contact), code, password },
  });
}

export function logout() {
  return api.request<null>('/user/logout');
}
