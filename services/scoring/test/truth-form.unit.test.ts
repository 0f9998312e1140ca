/**
 * The stored form of a parsed ground truth (truth-form.ts): it scores exactly as the CSV does, and a
 * form that is stale (another CSV, metric, public share or format version) or damaged (any byte
 * changed, truncated) is refused with a StaleForm — so it can cost a parse, never a wrong score.
 */
import { describe, expect, it } from 'vitest';
import type { Metric } from '../src/evaluation/ground-truth.ts';
import { scoreSubmission } from '../src/evaluation/score.ts';
import { FORM_VERSION, StaleForm, decodeTruthForm, encodeTruthForm } from '../src/evaluation/truth-form.ts';
import { seededRandom } from './random.ts';
import { testTruth } from './split-support.ts';

const identity = {
  sha256: 'a'.repeat(64),
  metric: 'rmse' as Metric,
  publicPercent: 50,
  splitKeySha256: 'c'.repeat(64),
};

function formOf(csv: string, metric: Metric = 'rmse', publicPercent = 50) {
  const truth = testTruth(Buffer.from(csv), metric, publicPercent);
  const form = encodeTruthForm(truth, { ...identity, metric, publicPercent });
  return { truth, form };
}

/** `id,y` with 500 rows, in reverse order when `reversed` (a submission in another order). */
const file = (id: (i: number) => string, value: (i: number) => number, reversed = false) => {
  const lines = Array.from({ length: 500 }, (_, i) => `${id(i)},${value(i)}`);
  return `id,y\n${(reversed ? lines.reverse() : lines).join('\n')}\n`;
};
const textId = (i: number) => (i % 3 === 0 ? `"s ${i}, ""n"""` : `r${i}`);
const integerId = (i: number) => String(1000 + i);
const textIds = file(textId, (i) => i / 7);
const integerIds = file(integerId, (i) => i / 7);
const submission = (csv: string, shift: number) =>
  Buffer.from(file(csv === textIds ? textId : integerId, (i) => i / 7 + shift * (i % 5), true));

describe('the stored form of a ground truth', () => {
  it.each([
    ['text ids, some quoted (hash index)', textIds],
    ['integer ids (direct index)', integerIds],
  ])('%s: scores exactly as the CSV does', (_name, csv) => {
    const { truth, form } = formOf(csv);
    const stored = decodeTruthForm(form, identity);
    expect(stored.direct).toBe(truth.direct);
    expect(stored.rows).toBe(500);
    for (const shift of [0, 0.5, 3]) {
      const file = submission(csv, shift);
      expect(scoreSubmission(file, stored)).toEqual(scoreSubmission(file, truth));
    }
    // The same refusals too (a missing id's example included).
    const short = Buffer.from(csv.split('\n').slice(0, -3).join('\n'));
    expect(() => scoreSubmission(short, stored)).toThrow(
      (() => {
        try {
          scoreSubmission(short, truth);
        } catch (error) {
          return (error as Error).message;
        }
        return 'no error';
      })(),
    );
  });

  it('keeps labels (accuracy)', () => {
    const animals = ['Cat', '"Dog"', 'Bird', '"Cat, ""wild"""'];
    const csv = `id,answer\n${Array.from({ length: 40 }, (_, i) => `"a,${i}",${animals[i % 4]}`).join('\n')}`;
    const truth = testTruth(Buffer.from(csv), 'accuracy', 50);
    const labels = { ...identity, metric: 'accuracy' as Metric };
    const stored = decodeTruthForm(encodeTruthForm(truth, labels), labels);
    const file = Buffer.from(
      `id,answer\n${Array.from({ length: 40 }, (_, i) => `"a,${i}",${animals[(i * 7) % 4]}`).join('\n')}`,
    );
    expect(scoreSubmission(file, truth).publicScore).toBeGreaterThan(0);
    expect(scoreSubmission(file, stored)).toEqual(scoreSubmission(file, truth));
  });

  it('is used only for the ground truth in force: another CSV, metric, public share or split makes it stale', () => {
    const { form } = formOf(textIds);
    expect(() => decodeTruthForm(form, { ...identity, splitKeySha256: 'd'.repeat(64) })).toThrow(
      /another splitKeySha256/,
    );
    expect(() => decodeTruthForm(form, { ...identity, sha256: 'b'.repeat(64) })).toThrow(StaleForm);
    expect(() => decodeTruthForm(form, { ...identity, metric: 'mae' })).toThrow(/another metric/);
    expect(() => decodeTruthForm(form, { ...identity, publicPercent: 30 })).toThrow(/another publicPercent/);
  });

  it('refuses a form of another format version', () => {
    const { form } = formOf(textIds);
    form.writeUInt16LE(FORM_VERSION + 1, 6);
    expect(() => decodeTruthForm(form, identity)).toThrow(/format version/);
  });

  it('detects any changed byte, and truncation, in either index', () => {
    const next = seededRandom(11);
    for (const csv of [textIds, integerIds]) {
      const { form } = formOf(csv);
      // Every byte of the prefix and header, and random bytes of the sections.
      const places = [
        ...Array.from({ length: 400 }, (_, i) => i),
        ...Array.from({ length: 300 }, () => Math.floor(next() * form.length)),
      ];
      for (const at of places) {
        const damaged = Buffer.from(form);
        damaged[at] = damaged[at]! ^ (1 + Math.floor(next() * 255));
        expect(() => decodeTruthForm(damaged, identity), `byte ${at}`).toThrow(StaleForm);
      }
      for (const length of [0, 10, 24, 100, form.length >> 1, form.length - 8, form.length - 1])
        expect(() => decodeTruthForm(form.subarray(0, length), identity), `${length} bytes`).toThrow(
          StaleForm,
        );
      expect(() => decodeTruthForm(Buffer.concat([form, Buffer.alloc(8)]), identity)).toThrow(StaleForm);
    }
  });

  it('maps a form that does not start at a multiple of 8 bytes (copied once)', () => {
    const { truth, form } = formOf(textIds);
    const shifted = Buffer.alloc(form.length + 3);
    form.copy(shifted, 3);
    const stored = decodeTruthForm(shifted.subarray(3), identity);
    const file = submission(textIds, 1);
    expect(scoreSubmission(file, stored)).toEqual(scoreSubmission(file, truth));
  });
});
