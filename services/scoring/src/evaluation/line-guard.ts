import { AppError } from '@sais/kit';
import { scoringCodes } from '../errors.ts';

/**
 * Caps on a result file's lines, checked on its bytes as they arrive: a result file is `id,<target>`, so
 * a line of 10 million columns (a 20 MB file on one line) is refused after its 65th column instead of
 * being kept and scored. Generous enough that a file merely wrong (three columns, a long label) still
 * reaches the scorer, which names its problem in the submission's log.
 */
export const resultFileLimits = { maxLineBytes: 64 * 1024, maxColumns: 64 } as const;

const LF = 0x0a;
const COMMA = 0x2c;

/** Feed it a file's chunks in order; it throws the 400 envelope's error at the first line over a cap. */
export class LineGuard {
  #line = 1;
  #length = 0;
  #columns = 1;

  push(chunk: Uint8Array): void {
    const { maxLineBytes, maxColumns } = resultFileLimits;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (byte === LF) {
        this.#line += 1;
        this.#length = 0;
        this.#columns = 1;
        continue;
      }
      if (++this.#length > maxLineBytes)
        throw new AppError(scoringCodes.resultLineTooLong, 'resultLineTooLong', 400, {
          data: { line: this.#line, maxBytes: maxLineBytes },
        });
      if (byte === COMMA && ++this.#columns > maxColumns)
        throw new AppError(scoringCodes.resultTooManyColumns, 'resultTooManyColumns', 400, {
          data: { line: this.#line, maxColumns },
        });
    }
  }
}
