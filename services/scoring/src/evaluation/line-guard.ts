import { headerFields } from './fields.ts';
import { scoringErrors } from '../errors.ts';

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
        throw scoringErrors.resultLineTooLong({
          data: { line: this.#line, maxBytes: maxLineBytes },
        });
      if (byte === COMMA && ++this.#columns > maxColumns)
        throw scoringErrors.resultTooManyColumns({
          data: { line: this.#line, maxColumns },
        });
    }
  }
}

/**
 * The header line `id,<target>`, checked on a file's first bytes as they arrive (decision 0020): a wrong
 * header is refused before the rest of the file is read, with the exact columns expected. Accepts what
 * the scorer accepts (score.ts: the exact line, or its two fields unquoted); an empty file is left to
 * the scorer.
 */
export class HeaderCheck {
  readonly #target: string;
  readonly #head: Buffer[] = [];
  #length = 0;
  #done = false;

  constructor(target: string) {
    this.#target = target;
  }

  /** True once the first line was seen (and found right). */
  get done(): boolean {
    return this.#done;
  }

  push(chunk: Buffer): void {
    if (this.#done) return;
    const lf = chunk.indexOf(LF);
    this.#head.push(lf === -1 ? chunk : chunk.subarray(0, lf));
    this.#length += lf === -1 ? chunk.length : lf;
    // A first line over the line cap is LineGuard's to refuse.
    if (lf !== -1 || this.#length > resultFileLimits.maxLineBytes) this.#check(lf !== -1);
  }

  /** At the end of the file: a file of one line is all header. */
  end(): void {
    if (!this.#done && this.#length > 0) this.#check(true);
  }

  #check(complete: boolean): void {
    this.#done = true;
    if (!complete) return;
    let bytes = Buffer.concat(this.#head);
    if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
      bytes = bytes.subarray(3);
    if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, bytes.length - 1);
    const header = bytes.toString('utf8').trim();
    const expected = `id,${this.#target}`;
    if (header === expected) return;
    const fields = headerFields(bytes, 0, bytes.length);
    if (fields?.[0] === 'id' && fields[1] === this.#target) return;
    throw scoringErrors.resultHeaderWrong({
      data: { expected, found: header.slice(0, 80), line: 1 },
    });
  }
}
