import { randomBytes } from 'node:crypto';
import { open, packSealed, seal, unpackSealed } from '@sais/kit';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface RegistryCredentials {
  username: string;
  password: string;
}

/**
 * Registry credentials at rest: AES-256-GCM, a fresh 96-bit IV per value, the submission id bound as
 * associated data (a sealed value copied to another submission does not open). Stored as iv ‖ tag ‖ data.
 */
export class CredentialVault {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the credentials key must be 32 bytes');
  }

  /**
   * The key from SCORING_CREDENTIALS_KEY (32 bytes, base64), else generated once in the data folder
   * (mode 0600). Several runner processes must share it: set the variable when they have their own folders.
   */
  static async load(env: NodeJS.ProcessEnv, dataDir: string): Promise<CredentialVault> {
    if (env.SCORING_CREDENTIALS_KEY)
      return new CredentialVault(Buffer.from(env.SCORING_CREDENTIALS_KEY, 'base64'));
    const file = join(dataDir, 'secrets', 'scoring_credentials_key');
    await mkdir(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
    await writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' }).catch(
      () => undefined,
    );
    return new CredentialVault(Buffer.from(await readFile(file, 'utf8'), 'base64'));
  }

  seal(submissionId: string, credentials: RegistryCredentials): Buffer {
    return packSealed(seal(this.key, submissionId, Buffer.from(JSON.stringify(credentials))));
  }

  open(submissionId: string, sealed: Buffer): RegistryCredentials {
    return JSON.parse(open(this.key, submissionId, unpackSealed(sealed)).toString('utf8'));
  }
}
