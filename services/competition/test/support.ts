import { randomUUID } from 'node:crypto';
import { Accounts, identityService } from '@sais/identity';
import type { Platform } from '@sais/kit/platform';
import { client, platformForTest } from '@sais/kit/testing';
import { competitionService } from '../src/index.ts';
import { expect } from 'vitest';
import { systemMetadata } from '@sais/events';

/** The system as an event's actor (set-up written straight to the stores). */
export const system = systemMetadata;

/**
 * The competition service with the identity service (for staff sign-ins) on one test platform: its own
 * database (or embedded folder) named after `name`, and `options` as `platformForTest` takes them.
 */
export const competitionPlatform = (name: string, options?: Parameters<typeof platformForTest>[2]) =>
  platformForTest([identityService, competitionService], name, options);

/** A new staff account with `roles`, signed in: its browser-like client (in `language`) and its id. */
export async function signedInStaff(
  platform: Platform,
  roles: ('operator' | 'reviewer' | 'admin')[] = [],
  language = 'en',
) {
  const accounts = new Accounts(
    platform.database.db,
    platform.stores.get('identity')!,
    undefined as never,
    undefined as never,
  );
  const username = `c${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const accountId = await accounts.createStaff(
    { username, email: `${username}@example.org`, password: 'secret123', roles },
    system(),
  );
  const web = client(platform.app, language);
  expect((await web.post('/api/user/login', { username, password: 'secret123' })).body.code).toBe(0);
  return { web, accountId };
}
