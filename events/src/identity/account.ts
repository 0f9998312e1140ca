import { z } from 'zod';
import { defineEvent, definePersonalEvent } from '../define.ts';
import { Role } from '../envelope.ts';
import { personal } from '../personal.ts';

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
const registered = z.object({
  accountId,
  username: z.string().regex(/^[a-z0-9]{6,20}$/),
  email: z.email().nullable(),
  phone: z.string().nullable(),
  termsAccepted: z.literal(true),
});

/** Version 1 (until 2026-11-25): username, email and phone in the clear. Still read as written. */
export const AccountRegisteredV1 = defineEvent({
  type: 'identity.AccountRegistered',
  version: 1,
  meaning: 'A visitor created an account with a username and a verified email or phone.',
  aggregate,
  data: registered,
});

export const AccountRegistered = definePersonalEvent({
  type: 'identity.AccountRegistered',
  version: 2,
  meaning:
    'A visitor created an account with a username and a verified email or phone (sealed with the account’s key).',
  aggregate,
  data: registered.extend({
    username: personal(registered.shape.username),
    email: personal(z.email()).nullable(),
    phone: personal(z.string()).nullable(),
  }),
  plain: registered,
  personal: { subject: 'accountId', fields: ['username', 'email', 'phone'] },
});

const profileUpdated = z.object({ accountId, changes: Profile });

/** Version 1: the changed profile fields in the clear. */
export const ProfileUpdatedV1 = defineEvent({
  type: 'identity.ProfileUpdated',
  version: 1,
  meaning: 'The account holder changed profile fields; only the changed fields are listed.',
  aggregate,
  data: profileUpdated,
});

export const ProfileUpdated = definePersonalEvent({
  type: 'identity.ProfileUpdated',
  version: 2,
  meaning:
    'The account holder changed profile fields; only the changed fields are listed (sealed with the account’s key).',
  aggregate,
  data: z.object({ accountId, changes: personal(Profile) }),
  plain: profileUpdated,
  personal: { subject: 'accountId', fields: ['changes'] },
});

const contactChanged = z.object({ accountId, channel: z.enum(['phone', 'email']), value: z.string().min(3) });

/** Version 1: the new phone number or email address in the clear. */
export const ContactChangedV1 = defineEvent({
  type: 'identity.ContactChanged',
  version: 1,
  meaning:
    'The account holder proved a new phone number or email address with a code and it replaced the old one.',
  aggregate,
  data: contactChanged,
});

export const ContactChanged = definePersonalEvent({
  type: 'identity.ContactChanged',
  version: 2,
  meaning:
    'The account holder proved a new phone number or email address with a code and it replaced the old one (sealed).',
  aggregate,
  data: contactChanged.extend({ value: personal(contactChanged.shape.value) }),
  plain: contactChanged,
  personal: { subject: 'accountId', fields: ['value'] },
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

export const AccountClosed = defineEvent({
  type: 'identity.AccountClosed',
  version: 1,
  meaning:
    'The account was closed, by its holder or by an admin with a reason: it can no longer sign in, and its personal data is deleted 90 working days later.',
  aggregate,
  data: z.object({
    accountId,
    by: z.enum(['holder', 'admin']),
    reason: z.string().max(500).nullable(),
    closedAt: z.iso.datetime(),
  }),
});

export const AccountDeleted = defineEvent({
  type: 'identity.AccountDeleted',
  version: 1,
  meaning:
    "The closed account's personal data was deleted: its key was destroyed, so every sealed value of it in the events is unreadable; read models show a deleted user.",
  aggregate,
  data: z.object({ accountId, closedAt: z.iso.datetime(), workingDays: z.number().int().positive() }),
});
