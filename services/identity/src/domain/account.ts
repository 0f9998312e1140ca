import { type Role, identity } from '@sais/events';
import type { StreamDecider } from '@sais/kit/eventstore';
import { identityErrors } from '../errors.ts';

const E = identity;
type Profile = identity.Profile;
type Infer<T extends import('zod').ZodType> = import('zod').infer<T>;
/** Personal fields as the store opens them: null once the person's data is deleted (decision 0017). */
type Opened<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };

export type AccountEvent =
  | {
      type: typeof E.AccountRegistered.type;
      data: Opened<Infer<typeof E.AccountRegistered.plain>, 'username' | 'email' | 'phone'>;
    }
  | { type: typeof E.ProfileUpdated.type; data: Opened<Infer<typeof E.ProfileUpdated.plain>, 'changes'> }
  | { type: typeof E.ContactChanged.type; data: Opened<Infer<typeof E.ContactChanged.plain>, 'value'> }
  | { type: typeof E.PasswordChanged.type; data: import('zod').infer<typeof E.PasswordChanged.data> }
  | { type: typeof E.LoginFailed.type; data: import('zod').infer<typeof E.LoginFailed.data> }
  | { type: typeof E.RoleGranted.type; data: import('zod').infer<typeof E.RoleGranted.data> }
  | { type: typeof E.RoleRevoked.type; data: import('zod').infer<typeof E.RoleRevoked.data> }
  | { type: typeof E.AccountDisabled.type; data: import('zod').infer<typeof E.AccountDisabled.data> }
  | { type: typeof E.AccountEnabled.type; data: import('zod').infer<typeof E.AccountEnabled.data> }
  | { type: typeof E.AccountClosed.type; data: Infer<typeof E.AccountClosed.data> }
  | { type: typeof E.AccountDeleted.type; data: Infer<typeof E.AccountDeleted.data> };

/**
 * `closed`: it can no longer sign in; its personal data is deleted 90 working days later (`deleted`:
 * the key destroyed, so the events' personal fields open to nothing and the names here are blank).
 */
export type AccountState =
  | { status: 'none' }
  | {
      status: 'active' | 'disabled' | 'closed' | 'deleted';
      accountId: string;
      username: string;
      email: string | null;
      phone: string | null;
      roles: Role[];
      profile: Profile;
      closedAt: string | null;
    };

export const initialAccount: AccountState = { status: 'none' };

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  if (event.type === E.AccountRegistered.type) {
    const { accountId, username, email, phone } = event.data;
    return {
      status: 'active',
      accountId,
      username: username ?? '',
      email,
      phone,
      roles: ['participant'],
      profile: {},
      closedAt: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case E.ProfileUpdated.type:
      return { ...state, profile: { ...state.profile, ...event.data.changes } };
    case E.ContactChanged.type:
      return { ...state, [event.data.channel]: event.data.value };
    case E.PasswordChanged.type:
    case E.LoginFailed.type:
      return state;
    case E.RoleGranted.type:
      return {
        ...state,
        roles: state.roles.includes(event.data.role) ? state.roles : [...state.roles, event.data.role],
      };
    case E.RoleRevoked.type:
      return { ...state, roles: state.roles.filter((role) => role !== event.data.role) };
    case E.AccountDisabled.type:
      return { ...state, status: 'disabled' };
    case E.AccountEnabled.type:
      return { ...state, status: 'active' };
    case E.AccountClosed.type:
      return { ...state, status: 'closed', closedAt: event.data.closedAt };
    case E.AccountDeleted.type:
      return { ...state, status: 'deleted', username: '', email: null, phone: null, profile: {} };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

export function foldAccount(events: readonly { type: string; data: unknown }[]): AccountState {
  return events.reduce((state, event) => evolveAccount(state, event as AccountEvent), initialAccount);
}

export type AccountCommand =
  | {
      type: 'RegisterAccount';
      accountId: string;
      username: string;
      email: string | null;
      phone: string | null;
    }
  | { type: 'UpdateProfile'; changes: Profile }
  | { type: 'ChangeContact'; channel: 'phone' | 'email'; value: string }
  | { type: 'ChangePassword'; how: 'update' | 'reset' }
  | { type: 'RecordLoginFailure'; failures: number; lockedUntil: Date | null }
  | { type: 'GrantRole'; role: Role }
  | { type: 'RevokeRole'; role: Role }
  | { type: 'DisableAccount'; reason: string }
  | { type: 'EnableAccount' }
  | { type: 'CloseAccount'; by: 'holder' | 'admin'; reason: string | null; at: Date }
  | { type: 'DeleteAccount'; workingDays: number };

const closedError = identityErrors.accountAlreadyClosed;

/** Pure business rules of an account: the events a command produces, or a typed error. */
export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  if (command.type === 'RegisterAccount') {
    if (state.status !== 'none') throw identityErrors.accountExists();
    const { accountId, username, email, phone } = command;
    return [
      { type: E.AccountRegistered.type, data: { accountId, username, email, phone, termsAccepted: true } },
    ];
  }
  if (state.status === 'none') throw identityErrors.notFound();
  const { accountId } = state;
  if (command.type === 'DeleteAccount') {
    if (state.status !== 'closed' || !state.closedAt) throw identityErrors.notFound();
    return [
      {
        type: E.AccountDeleted.type,
        data: { accountId, closedAt: state.closedAt, workingDays: command.workingDays },
      },
    ];
  }
  // A closed (or deleted) account takes no command but its deletion.
  if (state.status === 'closed' || state.status === 'deleted') throw closedError();
  switch (command.type) {
    case 'UpdateProfile': {
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([key, value]) => state.profile[key as keyof Profile] !== value,
        ),
      );
      return Object.keys(changes).length === 0
        ? []
        : [{ type: E.ProfileUpdated.type, data: { accountId, changes } }];
    }
    case 'ChangeContact':
      if (state[command.channel] === command.value) return [];
      return [
        { type: E.ContactChanged.type, data: { accountId, channel: command.channel, value: command.value } },
      ];
    case 'ChangePassword':
      return [{ type: E.PasswordChanged.type, data: { accountId, how: command.how } }];
    case 'RecordLoginFailure': {
      const lockedUntil = command.lockedUntil?.toISOString() ?? null;
      return [{ type: E.LoginFailed.type, data: { accountId, failures: command.failures, lockedUntil } }];
    }
    case 'GrantRole':
      return state.roles.includes(command.role)
        ? []
        : [{ type: E.RoleGranted.type, data: { accountId, role: command.role } }];
    case 'RevokeRole':
      return state.roles.includes(command.role)
        ? [{ type: E.RoleRevoked.type, data: { accountId, role: command.role } }]
        : [];
    case 'DisableAccount':
      if (state.status === 'disabled') return [];
      return [{ type: E.AccountDisabled.type, data: { accountId, reason: command.reason } }];
    case 'EnableAccount':
      return state.status === 'disabled' ? [{ type: E.AccountEnabled.type, data: { accountId } }] : [];
    case 'CloseAccount':
      return [
        {
          type: E.AccountClosed.type,
          data: { accountId, by: command.by, reason: command.reason, closedAt: command.at.toISOString() },
        },
      ];
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

/** The account stream's decider, as the kit's command handler runs it. */
export const accountDecider: StreamDecider<AccountCommand, AccountState, AccountEvent> = {
  streamType: E.AccountRegistered.aggregate,
  initialState: initialAccount,
  evolve: evolveAccount,
  decide: (command, state) => decideAccount(command, state),
};
