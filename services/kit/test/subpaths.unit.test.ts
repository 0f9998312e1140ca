import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The subpath exports (decision 0042): each resolves through the package name, and the root still
// exports every name, each one the same value as its subpath's.
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, string>;
};
const subpaths = Object.keys(manifest.exports).filter((path) => path !== '.' && path !== './testing');

describe('the kit subpaths', () => {
  it('cover the root, name by name', async () => {
    const root = (await import('@sais/kit')) as Record<string, unknown>;
    const seen = new Map<string, string>();
    for (const subpath of subpaths) {
      const part = (await import(`@sais/kit/${subpath.slice(2)}`)) as Record<string, unknown>;
      expect(Object.keys(part).length, subpath).toBeGreaterThan(0);
      for (const [name, value] of Object.entries(part)) {
        expect(seen.get(name), `${name} in ${subpath} and ${seen.get(name)}`).toBeUndefined();
        seen.set(name, subpath);
        expect(root[name], name).toBe(value);
      }
    }
    expect([...seen.keys()].sort()).toEqual(Object.keys(root).sort());
  });
});
