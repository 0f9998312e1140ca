import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';

/** Every message of a catalogue as [dotted key, text]. */
function messagesOf(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, child]) => messagesOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('the locale catalogues', () => {
  it('have the same keys in zh-CN and en', () => {
    const keys = (catalogue: object) =>
      messagesOf(catalogue)
        .map(([key]) => key)
        .sort();
    expect(keys(en)).toEqual(keys(zhCN));
  });

  it('have no empty messages', () => {
    for (const catalogue of [en, zhCN]) {
      const empty = messagesOf(catalogue).filter(
        ([, text]) => typeof text !== 'string' || text.trim() === '',
      );
      expect(empty).toEqual([]);
    }
  });
});
