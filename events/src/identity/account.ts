import { z } from 'zod';
import { defineEvent } from '../define.ts';
import { Role } from '../envelope.ts';

const aggregate = 'identity.account';
const accountId = z.uuid();

export const Profile = z.object({
  nickname: z.string().max(40).optional(),
  description: z.string().max(500).optional(),
  countryRegion: z.string().max(100).optional(),
  address: z.string().max(200).optional(),
  isStudent: z.boolean().optional(),
  organization: z.string().max(100).optional(),
  graduationDate: z.iso.date().optional(),
  avatarUrl: z.string().max(500).optional(),
});
export type Profile = z.infer<typeof Profile>;

// Password hashes never travel in events: they live in the identity service's credentials table.
export const AccountRegistered = defineEvent({
  type: 'identity.AccountRegistered',
  version: 1,
  meaning: 'A visitor created an account with a username and a verified email or phone.',
  aggregate,
  data: z.object({
    accountId,
    username: z.string().regex(/^[a-z0-9]{6,20}$/),
    email: z.email().nullable(),
    phone: z.string().nullable(),
    termsAccepted: z.literal(true),
  }),
});

export const ProfileUpdated = defineEvent({
  type: 'identity.ProfileUpdated',
  version: 1,
  meaning: 'The account holder changed profile fields; only the changed fields are listed.',
  aggregate,
  data: z.object({ accountId, changes: Profile }),
});

export const ContactChanged = defineEvent({
  type: 'identity.ContactChanged',
  version: 1,
  meaning:
    'The account holder proved a new phone number or email address with a code and it replaced the old one.',
  aggregate,
  data: z.object({ accountId, channel: z.enum(['phone', 'email']), value: z.string().min(3) }),
});

export const PasswordChanged = defineEvent({
  type: 'identity.PasswordChanged',
  version: 1,
  meaning:
    'The password was changed, by the signed-in holder (update) or with a code (reset); every session was revoked.',
  aggregate,
  data: z.object({ accountId, how: z.enum(['update', 'reset']) }),
});

export const LoginFailed = defineEvent({
  type: 'identity.LoginFailed',
  version: 1,
  meaning:
    'Someone tried to sign in to the account with a wrong password; repeated failures lock sign-in for a while.',
  aggregate,
  data: z.object({
    accountId,
    failures: z.number().int().positive(),
    lockedUntil: z.iso.datetime().nullable(),
  }),
});

export const RoleGranted = defineEvent({
  type: 'identity.RoleGranted',
  version: 1,
  meaning: 'An admin gave the account a staff role.',
  aggregate,
  data: z.object({ accountId, role: Role }),
});

export const RoleRevoked = defineEvent({
  type: 'identity.RoleRevoked',
  version: 1,
  meaning: 'An admin took a staff role away from the account.',
  aggregate,
  data: z.object({ accountId, role: Role }),
});

export const AccountDisabled = defineEvent({
  type: 'identity.AccountDisabled',
  version: 1,
  meaning: 'An admin disabled the account; it can no longer sign in and its sessions were revoked.',
  aggregate,
  data: z.object({ accountId, reason: z.string().min(1).max(500) }),
});

export const AccountEnabled = defineEvent({
  type: 'identity.AccountEnabled',
  version: 1,
  meaning: 'An operator or admin enabled a disabled account again; it can sign in anew.',
  aggregate,
  data: z.object({ accountId }),
});
