import { open, packSealed, seal, unpackSealed } from '@sais/kit/crypto';
import type { PlatformConfig } from '@sais/kit/platform';
import { loadKey } from '@sais/kit/keys';

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
   * The key from SCORING_CREDENTIALS_KEY (32 bytes, base64), else generated once in the keys folder
   * (kit's `loadKey`, apart from the data). Several runner processes must share it: set the variable, or
   * `SAIS_KEYS_DIR`, when they have their own folders.
   */
  static async load(config: PlatformConfig): Promise<CredentialVault> {
    return new CredentialVault(await loadKey(config, 'scoring_credentials_key', 'SCORING_CREDENTIALS_KEY'));
  }

  seal(submissionId: string, credentials: RegistryCredentials): Buffer {
    return packSealed(seal(this.key, submissionId, Buffer.from(JSON.stringify(credentials))));
  }

  open(submissionId: string, sealed: Buffer): RegistryCredentials {
    return JSON.parse(open(this.key, submissionId, unpackSealed(sealed)).toString('utf8'));
  }
}
