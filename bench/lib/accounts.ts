// Accounts for a benchmark's load: made straight in identity's store (no email codes), then signed in
// through the platform's own login call, so each gets a real session cookie.
import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@sais/events';
import { Accounts } from '@sais/identity';
import type { Platform } from '@sais/kit/platform';

export interface SignedIn {
  accountId: string;
  /** `name=value` of the session cookie. */
  cookie: string;
}

/** A function making one account (usernames `<prefix>` + 12 hex digits, granted `roles`) and signing it in. */
export function accountMaker(platform: Platform, prefix: string) {
  const accounts = new Accounts(
    platform.database.db,
    platform.stores.get('identity')!,
    undefined as never,
    undefined as never,
  );
  const system = (): EventMetadata => ({
    actor: { userId: null, role: 'system' },
    correlationId: randomUUID(),
    causationId: null,
  });
  return async (roles: 'operator'[] = []): Promise<SignedIn> => {
    const username = `${prefix}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const accountId = await accounts.createStaff(
      { username, email: `${username}@example.org`, password: 'secret123', roles: [] },
      system(),
    );
    for (const role of roles) await accounts.grantRole(accountId, role, system());
    const login = await platform.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username, password: 'secret123' },
    });
    return { accountId, cookie: String(login.headers['set-cookie'] ?? '').split(';')[0]! };
  };
}
