import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/platform.ts';

/** The shell lines of every ```sh block in the README's "Quick start" section. */
async function quickStartCommands(): Promise<string[][]> {
  const readme = await readFile(join(repositoryRoot, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Quick start'));
  if (!section) throw new Error('README.md has no "## Quick start" section');
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => commandLines(block[1]!));
}

/** Lines that do something: no comments, blank lines, shell options or the change to the clone's root. */
function commandLines(script: string): string[] {
  return script
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !/^set\s/.test(line) && !/^cd\s/.test(line));
}

describe('the README quick start', () => {
  it('has one command that runs the platform and one that runs every test', async () => {
    const blocks = await quickStartCommands();
    expect(blocks).toEqual([['npm install && npm start'], ['npm install && npm test']]);
  });

  it('is what CI runs: .ci/run is the README test command and nothing more', async () => {
    const ci = commandLines(await readFile(join(repositoryRoot, '.ci', 'run'), 'utf8')).filter(
      (line) => !line.startsWith('#!'),
    );
    const [, test] = await quickStartCommands();
    expect(ci).toEqual(test);
  });

  it('installs what the tests need inside npm test, not before it', async () => {
    const packageJson = JSON.parse(await readFile(join(repositoryRoot, 'package.json'), 'utf8'));
    expect(packageJson.scripts.test).toBe('node infra/scripts/test.mjs');
    const testScript = await readFile(join(repositoryRoot, 'infra', 'scripts', 'test.mjs'), 'utf8');
    for (const step of ['ensure-packages.sh', 'ensure-docker.sh', 'infra/images/build.sh'])
      expect(testScript).toContain(step);
  });
});
