import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface StoredConfig {
  url?: string;
  token?: string;
}

/** `SAIS_CONFIG`, else `$XDG_CONFIG_HOME/sais/config.json`, else `~/.config/sais/config.json`. */
export function configPath(env: NodeJS.ProcessEnv): string {
  if (env.SAIS_CONFIG) return env.SAIS_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'sais', 'config.json');
}

export async function readConfig(env: NodeJS.ProcessEnv): Promise<StoredConfig> {
  try {
    const parsed = JSON.parse(await readFile(configPath(env), 'utf8')) as StoredConfig;
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

/** Written readable by its owner only (mode 0600): it holds a secret. */
export async function writeConfig(env: NodeJS.ProcessEnv, config: StoredConfig): Promise<string> {
  const path = configPath(env);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, JSON.stringify(config, null, 2) + '\n', { mode: 0o600 });
  await chmod(path, 0o600);
  return path;
}

export const defaultUrl = 'http://127.0.0.1:8080';
