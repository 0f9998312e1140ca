import { codeField, emailField, newPasswordField, phoneField, termsField, usernameField } from '@sais/events';
import { type FieldErrors, check, errorsOf } from '../../forms/rules';
import type { Channel } from './authApi';

/** The rules of spec §5, the same schemas the identity service checks its requests with. */
export function checkAddress(channel: Channel, address: string) {
  return check(channel === 'email' ? emailField : phoneField, address.trim());
}

export interface ContactValues {
  channel: Channel;
  address: string;
  code: string;
}

export type ContactField = 'address' | 'code';

export function validateContact(values: ContactValues): FieldErrors<ContactField> {
  return errorsOf({
    address: checkAddress(values.channel, values.address),
    code: check(codeField, values.code),
  });
}

export interface RegisterValues extends ContactValues {
  username: string;
  password: string;
  agree: boolean;
}

export function validateRegister(
  values: RegisterValues,
): FieldErrors<ContactField | 'username' | 'password' | 'agree'> {
  return {
    ...errorsOf({
      username: check(usernameField, values.username),
      password: check(newPasswordField, values.password),
      agree: check(termsField, values.agree),
    }),
    ...validateContact(values),
  };
}

export interface PasswordLoginValues {
  username: string;
  password: string;
}

export function validatePasswordLogin(values: PasswordLoginValues): FieldErrors<'username' | 'password'> {
  return errorsOf({
    username: values.username.trim() === '' ? 'required' : undefined,
    password: values.password === '' ? 'required' : undefined,
  });
}

export interface ResetValues extends ContactValues {
  password: string;
}

export function validateReset(values: ResetValues): FieldErrors<ContactField | 'password'> {
  return { ...validateContact(values), ...errorsOf({ password: check(newPasswordField, values.password) }) };
}

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  newPassword2: string;
}

/**
 * Spec §5, change password: all three required; the new one 8–20 letters and digits with at least one
 * of each; the repeat equal to it (the "not same" check lets an empty repeat through, "required" does not).
 */
export function validateChangePassword(
  values: ChangePasswordValues,
): FieldErrors<'oldPassword' | 'newPassword' | 'newPassword2'> {
  const repeatDiffers = values.newPassword2 !== '' && values.newPassword2 !== values.newPassword;
  return errorsOf({
    oldPassword: values.oldPassword === '' ? 'required' : undefined,
    newPassword: values.newPassword === '' ? 'required' : check(newPasswordField, values.newPassword),
    newPassword2: values.newPassword2 === '' ? 'required' : repeatDiffers ? 'passwordsNotSame' : undefined,
  });
}
