import { translate } from '@sais/events';
import { describe, expect, it } from 'vitest';
import {
  validateChangePassword,
  validateContact,
  validatePasswordLogin,
  validateRegister,
  validateReset,
} from './validation';

const good = {
  username: 'ada2027',
  password: 'secret123',
  channel: 'email' as const,
  address: 'ada@example.org',
  code: '123456',
  agree: true,
};

describe('the sign-in forms check the rules of spec §5 with the shared schemas', () => {
  it('accepts a complete registration', () => {
    expect(validateRegister(good)).toEqual({});
  });

  it('names every broken rule of a registration with its catalogue message', () => {
    const errors = validateRegister({
      username: 'Ada',
      password: 'short',
      channel: 'email',
      address: 'not-an-email',
      code: '12ab',
      agree: false,
    });
    expect(errors).toEqual({
      username: 'usernameFormat',
      password: 'passwordFormat',
      address: 'emailFormat',
      code: 'codeFormat',
      agree: 'termsRequired',
    });
    // The same text the server answers with, in both languages.
    expect(translate('usernameFormat', 'en')).toBe(
      'Username is 6~20 characters of lowercase letters or numbers',
    );
    expect(translate('usernameFormat', 'zh-CN')).toBe('用户名为6~20位小写字母或数字');
    expect(translate('termsRequired', 'en')).toBe('Please read and agree the service terms');
  });

  it('checks a phone number when the contact type is phone', () => {
    expect(validateContact({ channel: 'phone', address: '12345', code: '123456' })).toEqual({
      address: 'phoneFormat',
    });
    expect(validateContact({ channel: 'phone', address: '13812345678', code: '123456' })).toEqual({});
    expect(validateContact({ channel: 'phone', address: '+4930123456', code: '123456' })).toEqual({});
  });

  it('keeps usernames lowercase and 6 to 20 long, passwords 8 to 20 letters and digits', () => {
    for (const username of ['abcde', 'a'.repeat(21), 'Abcdef', 'abc_def']) {
      expect(validateRegister({ ...good, username }).username).toBe('usernameFormat');
    }
    for (const password of ['abc1234', 'a'.repeat(21), 'secret 123', 'secret-123']) {
      expect(validateRegister({ ...good, password }).password).toBe('passwordFormat');
    }
    // Letters and digits, at least one of each (the change-password rule applies to every new password).
    for (const password of ['12345678', 'abcdefgh'])
      expect(validateRegister({ ...good, password }).password).toBe('passwordFormat');
    expect(validateRegister({ ...good, username: 'abcdef', password: 'abcdefg1' })).toEqual({});
  });

  it('asks for both fields of a password sign-in (the account may be a name, email or phone)', () => {
    expect(validatePasswordLogin({ username: ' ', password: '' })).toEqual({
      username: 'required',
      password: 'required',
    });
    expect(validatePasswordLogin({ username: 'ada@example.org', password: 'x' })).toEqual({});
  });

  it('wants a new password with letters and digits when resetting', () => {
    const reset = { channel: 'email' as const, address: 'ada@example.org', code: '123456' };
    expect(validateReset({ ...reset, password: 'abcdefgh' })).toEqual({ password: 'passwordFormat' });
    expect(validateReset({ ...reset, password: '12345678' })).toEqual({ password: 'passwordFormat' });
    expect(validateReset({ ...reset, password: 'abcd1234' })).toEqual({});
  });
});

describe('the Change Password rules (spec §5)', () => {
  it('requires all three fields', () => {
    expect(validateChangePassword({ oldPassword: '', newPassword: '', newPassword2: '' })).toEqual({
      oldPassword: 'required',
      newPassword: 'required',
      newPassword2: 'required',
    });
  });

  it('wants 8 to 20 letters and digits, at least one of each', () => {
    for (const newPassword of ['abcdefgh', '12345678', 'abc123', 'abc12345!']) {
      expect(
        validateChangePassword({ oldPassword: 'x', newPassword, newPassword2: newPassword }).newPassword,
      ).toBe('passwordFormat');
    }
  });

  it('says "Passwords are not same" when the repeat differs', () => {
    const errors = validateChangePassword({
      oldPassword: 'x',
      newPassword: 'abcd1234',
      newPassword2: 'abcd1235',
    });
    expect(errors).toEqual({ newPassword2: 'passwordsNotSame' });
    expect(translate('passwordsNotSame', 'en')).toBe('Passwords are not same');
    expect(
      validateChangePassword({ oldPassword: 'x', newPassword: 'abcd1234', newPassword2: 'abcd1234' }),
    ).toEqual({});
  });
});
