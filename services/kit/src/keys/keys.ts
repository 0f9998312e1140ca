import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { PlatformConfig } from '../config.ts';

/**
 * Where the platform's keys live: `SAIS_KEYS_DIR`, else a folder beside the data folder
 * (`<data>-keys`, e.g. `.data-keys` next to `.data`). Never inside the data folder, so that a copy or
 * a backup of the data (database, uploads, photos) carries none of the keys that protect it: a keys
 * folder inside it stops start-up.
 */
export function keysDirectory(config: PlatformConfig): string {
  const data = resolve(config.dataDir || '.data');
  const keys = config.keysDir || config.env.SAIS_KEYS_DIR || join(dirname(data), `${basename(data)}-keys`);
  const inside = relative(data, resolve(keys));
  if (inside === '' || (inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside)))
    throw new Error(
      `The keys folder ${keys} (SAIS_KEYS_DIR) is inside the data folder ${data} (SAIS_DATA_DIR): a copy or ` +
        'backup of the data would carry the keys that protect it. Give the keys a folder of their own ' +
        '(compose: the appkeys volume at /keys), move the key files there, and start again.',
    );
  return keys;
}

/** The file-system calls `loadKey` uses to move an older version's key (tests make `rename` fail). */
export interface KeyFileSystem {
  rename(from: string, to: string): Promise<void>;
}

/**
 * A 32-byte key named `name`: from `SAIS_<NAME>` (base64) when set, else read from the keys folder,
 * else generated once there (folder 0700, file 0600). A key left by an older version in
 * `<data>/secrets/<name>` is moved to the keys folder on first use, across file systems too (the
 * compose deployment's `/data` and `/keys` are separate volumes), so photos and codes made before the
 * upgrade stay readable and the data folder (and its backups) keeps no key. A new key is never made
 * while an old one exists: a move that fails, or an old key that differs from the one in the keys
 * folder, stops start-up with what to do.
 */
export async function loadKey(
  config: PlatformConfig,
  name: string,
  envName?: string,
  fileSystem: KeyFileSystem = { rename },
): Promise<Buffer> {
  const variable = envName ?? `SAIS_${name.toUpperCase()}`;
  const fromEnv = config.env[variable];
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error(`${variable} must be 32 bytes in base64`);
    return key;
  }
  const dir = keysDirectory(config);
  const file = join(dir, name);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const legacy = config.dataDir ? join(config.dataDir, 'secrets', name) : null;
  const existing = await readKeyFile(file);
  const old = legacy ? await readKeyFile(legacy) : null;
  if (legacy && old) {
    if (existing && !existing.equals(old))
      throw new Error(
        `Two different keys ${name}: ${file} and an older version's ${legacy}. What was encrypted or signed ` +
          `before the upgrade needs the older one. Keep the one your data needs in ${dir}, remove ${legacy}, ` +
          'and start again.',
      );
    if (!existing) await moveKeyFile(legacy, file, fileSystem);
    const moved = await readKeyFile(file);
    if (!moved?.equals(old))
      throw new Error(`The key ${legacy} did not arrive whole in ${file}; start again`);
    // The same key in both places (copied now, or a copy whose removal failed before): the old one goes.
    await removeOld(legacy, file);
    return moved;
  }
  if (existing) return existing;
  // 'wx': when two processes start at once, the first write wins and both read the same key.
  await writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  const key = await readKeyFile(file);
  if (!key) throw new Error(`could not create the key ${file}`);
  return key;
}

/**
 * Moves a key file: a rename on one file system; across file systems (EXDEV) a copy with the same mode,
 * written to a temporary name, synced and renamed into place (so a crash leaves no half key). The old
 * file is removed by the caller once the new one is in place. Any other failure stops start-up.
 */
async function moveKeyFile(from: string, to: string, fileSystem: KeyFileSystem): Promise<void> {
  try {
    await fileSystem.rename(from, to);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Another process of the platform moved it meanwhile: the caller reads what arrived.
    if (code === 'ENOENT' && (await readKeyFile(to))) return;
    if (code !== 'EXDEV')
      throw new Error(
        `Could not move the key ${from} to ${to} (${(error as Error).message}). Move it by hand (keep its ` +
          'bytes: data encrypted with it needs it) and start again.',
        { cause: error },
      );
  }
  try {
    const [bytes, { mode }] = await Promise.all([readFile(from), stat(from)]);
    const temporary = `${to}.moving-${randomBytes(6).toString('hex')}`;
    const handle = await open(temporary, 'w', mode & 0o777);
    try {
      await handle.chmod(mode & 0o777); // open's mode is filtered by the umask
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, to);
    const folder = await open(dirname(to), 'r');
    await folder.sync().finally(() => folder.close());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && (await readKeyFile(to))) return;
    throw new Error(
      `Could not copy the key ${from} to ${to} (${(error as Error).message}). Copy it by hand (keep its ` +
        'bytes: data encrypted with it needs it), remove the old file, and start again.',
      { cause: error },
    );
  }
}

async function removeOld(legacy: string, file: string): Promise<void> {
  await rm(legacy, { force: true }).catch((error: Error) => {
    throw new Error(
      `The key ${legacy} is now in ${file} but could not be removed from the data folder (${error.message}); ` +
        'remove it by hand (backups of the data would carry it) and start again.',
      { cause: error },
    );
  });
}

async function readKeyFile(file: string): Promise<Buffer | null> {
  try {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key (base64)`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
