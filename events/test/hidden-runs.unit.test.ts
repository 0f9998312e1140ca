import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FileRefusal,
  fileRefusalKeys,
  fileRefusalTexts,
  maskedRefusal,
  participantRunView,
  runLogWithheldText,
  scoringNotice,
  withoutRunBytes,
} from '../src/scoring/index.ts';

/**
 * What a team may read of a container run that had hidden datasets mounted (decision 0032): for any log and
 * any verdict the run could have produced, nothing the run wrote reaches the participant's view.
 */
describe('a run on hidden data, as its team reads it', () => {
  // A secret the run could have copied out of /saisdata: long enough not to occur in the fixed texts.
  const secret = fc.string({ minLength: 12, maxLength: 60 }).map((text) => `§${text}§`);
  const refusalWith = (secretText: string) =>
    fc.constantFrom(...fileRefusalKeys).chain((key) =>
      fc
        .record(
          Object.fromEntries(
            (fileRefusalTexts[key].params as readonly string[]).map((name) => [
              name,
              // The team's own image and path, the expected header and the runtime are never the run's bytes.
              kept.includes(name)
                ? fc.constant(`${name}-of-the-team`)
                : fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.constant(secretText)),
            ]),
          ),
        )
        .map((params) => ({ key, params }) as FileRefusal),
    );
  const kept = ['image', 'path', 'expected', 'runtime'];
  const languages = fc.constantFrom('en' as const, 'zh-CN' as const);

  it('never carries the log, nor a quoted value of the verdict, in any field', () => {
    fc.assert(
      fc.property(
        secret.chain((text) => fc.tuple(fc.constant(text), refusalWith(text), fc.boolean())),
        languages,
        ([text, refusal, withRefusal], language) => {
          const log = `probing\n${text}\n${text}`;
          const view = participantRunView(
            { hiddenData: true, log, refusal: withRefusal ? refusal : null },
            language,
          );
          expect(view.log).toBeNull();
          expect(view.logWithheld).toBe(true);
          expect(view.logText).toContain(runLogWithheldText[language]);
          expect(JSON.stringify(view)).not.toContain(text);
          if (withRefusal) expect(view.refusal?.key).toBe(refusal.key);
        },
      ),
    );
  });

  it('leaves no quoted value in the inbox notice of its verdict', () => {
    fc.assert(
      fc.property(
        secret.chain((text) => fc.tuple(fc.constant(text), refusalWith(text))),
        fc.constantFrom(
          'scoring.SubmissionInvalid',
          'scoring.EvaluationFailed',
          'scoring.SubmissionRescored',
        ),
        ([text, refusal], type) => {
          const data = { submissionId: 'x', log: refusal, verdict: refusal, final: true, publicScore: null };
          const notice = scoringNotice(type, withoutRunBytes(data), 'image:1');
          expect(JSON.stringify(notice)).not.toContain(text);
          expect(JSON.stringify(withoutRunBytes({ log: text }))).not.toContain(text);
        },
      ),
    );
  });

  it('keeps the verdict key and its numbers', () => {
    fc.assert(
      fc.property(refusalWith('x'), (refusal) => {
        const masked = maskedRefusal(refusal);
        expect(masked.key).toBe(refusal.key);
        for (const [name, value] of Object.entries(refusal.params))
          if (typeof value === 'number') expect(masked.params[name]).toBe(value);
      }),
    );
  });

  it('leaves a run without hidden data as it was', () => {
    fc.assert(
      fc.property(secret, refusalWith('y'), languages, (log, refusal, language) => {
        const view = participantRunView({ hiddenData: false, log, refusal }, language);
        expect(view).toMatchObject({ log, refusal, logWithheld: false });
        expect(view.logText).toContain(log.trimEnd());
      }),
    );
  });
});
