import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type EventDefinition, eventDefinitions } from '../src/index.ts';

/**
 * Consumers tell events apart by type name (the kit's `isEvent`/`dataOf`), whatever the version: a new
 * version may change how an event is stored (sealed personal fields), never what consumers read.
 */
describe('event versions', () => {
  const byType = new Map<string, EventDefinition[]>();
  for (const definition of eventDefinitions.values())
    byType.set(definition.type, [...(byType.get(definition.type) ?? []), definition]);
  const versioned = [...byType].filter(([, definitions]) => definitions.length > 1);

  it('has types with more than one version to compare', () => {
    expect(versioned.length).toBeGreaterThan(0);
  });

  it.each(versioned)('every version of %s reads the same to consumers', (_type, definitions) => {
    const [first, ...rest] = definitions.map((d) => z.toJSONSchema(d.plain ?? d.data));
    for (const schema of rest) expect(schema).toEqual(first);
  });
});
