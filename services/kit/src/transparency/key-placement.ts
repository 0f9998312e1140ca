/**
 * Keys apart from the data they protect (decision 0033): the checkpoint signing key in the keys folder
 * on the same file system as the data folder means that whoever takes that disk (or a copy of it) holds
 * the history and the key that signs it, and can sign a rewrite. The default layout (`<data>-keys` beside
 * `<data>`) is that case; the platform says so at every start, with how to move the key.
 */
import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type Language, translateWith } from '@sais/events';
import { keysDirectory } from '../keys/keys.ts';
import type { PlatformConfig } from '../config.ts';

/** The device of a path, or of its nearest existing parent (a folder not made yet). */
async function deviceOf(path: string): Promise<number> {
  for (let at = resolve(path); ; at = dirname(at)) {
    try {
      return (await stat(at)).dev;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at) throw error;
    }
  }
}

/** The warning (en and zh-CN) when the signing key's folder and the data share a file system; else null. */
export async function keyBesideData(config: PlatformConfig): Promise<Record<Language, string> | null> {
  if (config.env.SAIS_TRANSPARENCY_KEY) return null; // from the environment (a secret store): not on this disk
  if (config.env.SAIS_TRANSPARENCY_SIGNER) return null; // held by a signing agent on another machine (0048)
  const keys = keysDirectory(config);
  const data = resolve(config.dataDir || '.data');
  if ((await deviceOf(keys)) !== (await deviceOf(data))) return null;
  const params = { keys, data };
  return {
    en: translateWith('transparencyKeyBesideData', 'en', params),
    'zh-CN': translateWith('transparencyKeyBesideData', 'zh-CN', params),
  };
}
