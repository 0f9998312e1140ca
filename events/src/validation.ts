import { z } from 'zod';
import type { MessageKey } from './messages.ts';

/**
 * Field rules of spec §5, shared by the services (edge validation) and the portal (form validation),
 * so both show the same message. Each failure's message is a catalogue key; translate it with
 * `translate(key, language)`.
 */
const message = (key: MessageKey) => ({ message: key });

export const usernameField = z
  .string(message('usernameFormat'))
  .regex(/^[a-z0-9]{6,20}$/, message('usernameFormat'));
export const passwordField = z
  .string(message('passwordFormat'))
  .regex(/^[A-Za-z0-9]{8,20}$/, message('passwordFormat'));
/** A new password must also mix letters and digits (spec §5, change password). */
export const newPasswordField = passwordField.refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), {
  message: 'passwordFormat',
});
/** Mainland mobile numbers (11 digits from 1[3-9]) or international E.164 (+ country code). */
export const phoneField = z
  .string(message('phoneFormat'))
  .regex(/^(1[3-9]\d{9}|\+[1-9]\d{6,14})$/, message('phoneFormat'));
export const emailField = z
  .string(message('emailFormat'))
  .max(100, message('emailFormat'))
  .pipe(z.email(message('emailFormat')));
export const codeField = z.string(message('codeFormat')).regex(/^\d{6}$/, message('codeFormat'));
/** Chinese names (with the middle dot) or Latin names with spaces, hyphens, apostrophes and dots. */
export const realNameField = z
  .string(message('nameFormat'))
  .trim()
  .regex(
    /^([\u4e00-\u9fa5]{1,20}([·•][\u4e00-\u9fa5]{1,20})*|[A-Za-z][A-Za-z .'-]{0,58}[A-Za-z.])$/u,
    message('nameFormat'),
  );

const idCardWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const idCardCheck = '10X98765432';

/** Mainland resident ID card: 18 characters, a real birth date, and the GB 11643 check digit. */
export function isValidIdCard(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const birth = value.slice(6, 14);
  const date = new Date(`${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10).replaceAll('-', '') !== birth)
    return false;
  const sum = idCardWeights.reduce((total, weight, index) => total + weight * Number(value[index]), 0);
  return idCardCheck[sum % 11] === value[17];
}
export const idCardField = z
  .string(message('idCardFormat'))
  .transform((value) => value.trim().toUpperCase())
  .refine(isValidIdCard, message('idCardFormat'));
/** Passport document number (ICAO 9303): 6 to 9 capital letters or digits, at least one digit. */
export const passportField = z
  .string(message('passportFormat'))
  .transform((value) => value.trim().toUpperCase())
  .refine((value) => /^[A-Z0-9]{6,9}$/.test(value) && /\d/.test(value), message('passportFormat'));
/** The longest text of each profile field (`POST /api/user/update`; the portal's form takes them too). */
export const profileLimits = {
  nickname: 40,
  description: 500,
  countryRegion: 100,
  organization: 100,
  address: 200,
  avatarUrl: 500,
} as const;
export const organizationField = z
  .string(message('organizationRequired'))
  .trim()
  .min(2, message('organizationRequired'))
  .max(profileLimits.organization, message('organizationRequired'));
export const countryRegionField = z
  .string(message('countryRegionRequired'))
  .trim()
  .min(2, message('countryRegionRequired'))
  .max(profileLimits.countryRegion, message('countryRegionRequired'));
export const termsField = z.literal(true, message('termsRequired'));

/** Contact channel of spec §3: PHONE 0, EMAIL 1. */
export const ContactChannel = { PHONE: 0, EMAIL: 1 } as const;
/** Auth-form mode of spec §3. */
export const AuthFormMode = { LOGIN: 0, REGISTER: 1, RESET: 2, UPDATE: 3 } as const;
