// `npm run transparency:key` (issue 35): printing never makes a key — with another SAIS_DATA_DIR it once
// made and printed a new signing key silently — and `--create` makes one only where none exists. Its
// refusals are in English and zh-CN, one after the other.
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

  const key = (...args: string[]) => keyWith({}, ...args);
  const keyWith = (more: NodeJS.ProcessEnv, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', cli, ...args], {
      cwd: repositoryRoot,
      env: { ...env, ...more },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  const keysFolder = () => readdir(join(root, 'keys')).catch(() => [] as string[]);

  it('refuses to print a key that does not exist, in English and zh-CN, and makes none', async () => {
    const printed = await key();
    expect(printed.code).toBe(1);
    expect(printed.stdout).toBe('');
    const file = join(root, 'keys', signingKeyFile);
    expect(printed.stderr).toBe(
      `No checkpoint signing key at ${file}: the platform makes it on its first start. Check SAIS_DATA_DIR / ` +
        'SAIS_KEYS_DIR (or SAIS_TRANSPARENCY_KEY); to make one outside a first start, run ' +
        '`npm run transparency:key -- --create`.\n' +
        `${file} 处没有检查点签名密钥：平台在首次启动时自动生成。请检查 SAIS_DATA_DIR / SAIS_KEYS_DIR` +
        '（或 SAIS_TRANSPARENCY_KEY）；如需在首次启动之外生成密钥，请运行 `npm run transparency:key -- --create`。\n',
    );
    expect(await keysFolder()).not.toContain(signingKeyFile);
  });

  it('makes one with --create, prints it after, and never replaces it nor makes one beside SAIS_TRANSPARENCY_KEY, saying so in both languages', async () => {
    const created = await key('--create');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^sais-platform\+[0-9a-f]{8}\+[A-Za-z0-9+/=]+\n$/);
    const pem = await readFile(join(root, 'keys', signingKeyFile), 'utf8');
    expect(await key()).toMatchObject({ code: 0, stdout: created.stdout });
    const again = await key('--create');
    expect(again.code).toBe(1);
    const file = join(root, 'keys', signingKeyFile);
    expect(again.stderr).toBe(
      `A signing key exists at ${file}: not replaced (checkpoints signed with it would no longer verify)\n` +
        `${file} 处已有签名密钥：不予替换（否则用它签名的检查点将无法再验证）\n`,
    );
    expect(await readFile(file, 'utf8')).toBe(pem);
    // A key given in the environment is the key: --create makes none beside it.
    const given = await keyWith({ SAIS_TRANSPARENCY_KEY: pem }, '--create');
    expect(given).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        'SAIS_TRANSPARENCY_KEY is set: that is the key; nothing to create\n' +
        '已设置 SAIS_TRANSPARENCY_KEY：它就是签名密钥，无需生成\n',
    });
    expect(await readFile(file, 'utf8')).toBe(pem);
  });
});
