// `npm run admin -- create <username> <email> <password> [role ...]` creates a staff account;
// `npm run admin -- grant <username> <role>` grants a role. Both record events (actor: system).
// With the embedded default, stop `npm start` first (PGlite allows one process at a time).
import { randomBytes, randomUUID } from 'node:crypto';
import { Role, emailField, newPasswordField, usernameField } from '@sais/events';
import { Accounts, Sessions, identityMigrations } from '@sais/identity';
import { migrateSchema } from '@sais/kit/db';
import { eventStoreMigrations } from '@sais/kit/eventstore';
import { VerificationCodes } from '@sais/identity/codes';
import { openForTool } from './open.ts';

const [command, ...args] = process.argv.slice(2);
const usage =
  'usage: npm run admin -- create <username> <email> <password> [role ...] | grant <username> <role>';
const metadata = {
  actor: { userId: null, role: 'system' as const },
  correlationId: randomUUID(),
  causationId: null,
};

const { database, stores } = await openForTool();
try {
  await migrateSchema(database.db, 'identity', {
    ...eventStoreMigrations('identity'),
    ...identityMigrations,
  });
  const store = stores.get('identity')!;
  const accounts = new Accounts(
    database.db,
    store,
    new Sessions(database.db, store),
    new VerificationCodes(store, randomBytes(32)),
  );
  if (command === 'create' && args.length >= 3) {
    const [username, email, password, ...roles] = args as [string, string, string, ...string[]];
    usernameField.parse(username);
    emailField.parse(email);
    newPasswordField.parse(password);
    const accountId = await accounts.createStaff(
      { username, email, password, roles: roles.map((role) => Role.parse(role)) },
      metadata,
    );
    console.log(
      `created ${username} (${accountId}) with roles participant${roles.map((r) => `, ${r}`).join('')}`,
    );
  } else if (command === 'grant' && args.length === 2) {
    const [username, role] = args as [string, string];
    const accountId = await accounts.accountIdBy('username', username);
    if (!accountId) throw new Error(`no account named ${username}`);
    await accounts.grantRole(accountId, Role.parse(role), metadata);
    console.log(`granted ${role} to ${username}`);
  } else {
    console.error(usage);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
