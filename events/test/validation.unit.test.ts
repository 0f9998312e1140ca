import { describe, expect, it } from 'vitest';
import {
  idCardField,
  isValidIdCard,
  newPasswordField,
  passportField,
  phoneField,
  realNameField,
  usernameField,
} from '../src/index.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('spec §5 field rules', () => {
  it('accepts 6-20 lowercase letters or digits as a username', () => {
    expect(usernameField.safeParse('alice2026').success).toBe(true);
    expect(firstMessage(usernameField.safeParse('Alice2026'))).toBe('usernameFormat');
    expect(firstMessage(usernameField.safeParse('abc'))).toBe('usernameFormat');
    expect(firstMessage(usernameField.safeParse(undefined))).toBe('usernameFormat');
  });

  it('wants a new password to mix letters and digits', () => {
    expect(newPasswordField.safeParse('abc12345').success).toBe(true);
    expect(firstMessage(newPasswordField.safeParse('abcdefgh'))).toBe('passwordFormat');
    expect(firstMessage(newPasswordField.safeParse('12345678'))).toBe('passwordFormat');
    expect(firstMessage(newPasswordField.safeParse('abc_12345'))).toBe('passwordFormat');
  });

  it('checks the ID card check digit and birth date', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('110105194912310021')).toBe(false);
    expect(isValidIdCard('110105194902300027')).toBe(false);
    expect(idCardField.parse('11010519491231002x')).toBe('11010519491231002X');
  });

  it('knows passports, phones and names', () => {
    expect(passportField.safeParse('E12345678').success).toBe(true);
    expect(firstMessage(passportField.safeParse('ABCDEFGH'))).toBe('passportFormat');
    expect(phoneField.safeParse('13812345678').success).toBe(true);
    expect(phoneField.safeParse('+4915112345678').success).toBe(true);
    expect(firstMessage(phoneField.safeParse('12345'))).toBe('phoneFormat');
    expect(realNameField.safeParse('张三').success).toBe(true);
    expect(realNameField.safeParse('Ada Lovelace').success).toBe(true);
    expect(firstMessage(realNameField.safeParse('R2-D2!'))).toBe('nameFormat');
  });
});
