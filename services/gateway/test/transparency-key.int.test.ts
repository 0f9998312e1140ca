// `npm run transparency:key` (issue 35): printing never makes a key — with another SAIS_DATA_DIR it once
// made and printed a new signing key silently — and `--create` makes one only where none exists.
import { execFile } from 'node:child_process';
import { readFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { signingKeyFile } from '@sais/kit/transparency';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/platform.ts';

const run = promisify(execFile);
const cli = join(repositoryRoot, 'services/gateway/src/cli/transparency-key.ts');

describe('npm run transparency:key', () => {
  let root: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sais-tkey-'));
    env = { ...process.env, SAIS_DATA_DIR: join(root, 'data'), SAIS_KEYS_DIR: join(root, 'keys') };
    delete env.SAIS_TRANSPARENCY_KEY;
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const key = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: repositoryRoot, env }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  const keysFolder = () => readdir(join(root, 'keys')).catch(() => [] as string[]);

  it('refuses to print a key that does not exist, and makes none', async () => {
    const printed = await key();
    expect(printed.code).toBe(1);
    expect(printed.stdout).toBe('');
    expect(printed.stderr).toContain('No checkpoint signing key');
    expect(printed.stderr).toContain('--create');
    expect(await keysFolder()).not.toContain(signingKeyFile);
  });

  it('makes one with --create, prints it after, and never replaces it', async () => {
    const created = await key('--create');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^sais-platform\+[0-9a-f]{8}\+[A-Za-z0-9+/=]+\n$/);
    const pem = await readFile(join(root, 'keys', signingKeyFile), 'utf8');
    expect(await key()).toMatchObject({ code: 0, stdout: created.stdout });
    const again = await key('--create');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('not replaced');
    expect(await readFile(join(root, 'keys', signingKeyFile), 'utf8')).toBe(pem);
  });
});
