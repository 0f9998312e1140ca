// Generated from scan-worker.ts by `npm run bundle:scan-worker -w @sais/scoring`: do not edit.

// src/evaluation/scan-worker.ts
import { parentPort } from "node:worker_threads";

// src/evaluation/hash-index.ts
var RECORD = 4;
var POSITION = 3;
var LOAD_IDS = 7;
var LOAD_RECORDS = 10;
var fits = (ids, records) => ids * LOAD_RECORDS <= records * LOAD_IDS;
var TWO_TO_MINUS_32 = 2 ** -32;
var home = (hash, records) => ((hash >>> 0) * records * TWO_TO_MINUS_32 | 0) * RECORD;
var next = (at, length) => at + RECORD === length ? 0 : at + RECORD;
function sameBytes(a, aStart, aEnd, b, bStart, bEnd) {
  if (aEnd - aStart !== bEnd - bStart) return false;
  for (let i = 0; i < aEnd - aStart; i++) if (a[aStart + i] !== b[bStart + i]) return false;
  return true;
}
var viewed = (bytes) => ({
  bytes,
  view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
});
function equalBytes(a, aStart, b, bStart, length) {
  let i = 0;
  for (; i + 4 <= length; i += 4)
    if (a.view.getInt32(aStart + i, true) !== b.view.getInt32(bStart + i, true)) return false;
  for (; i < length; i++) if (a.bytes[aStart + i] !== b.bytes[bStart + i]) return false;
  return true;
}
function probe(table, keys, hash, id, start, end, from = home(hash, table.length / RECORD)) {
  const length = end - start;
  let at = from;
  for (; ; ) {
    if (table[at + POSITION] === 0) return at;
    if (table[at] === hash) {
      const key = table[at + 1];
      if (table[at + 2] - key === length && equalBytes(keys, key, id, start, length)) return at;
    }
    at = next(at, table.length);
  }
}

// src/evaluation/csv.ts
var InvalidFile = class extends Error {
  refusal;
  constructor(reason) {
    super(typeof reason === "string" ? reason : `${reason.key} ${JSON.stringify(reason.params)}`);
    this.refusal = typeof reason === "string" ? null : reason;
  }
};
function refusal(key, params) {
  return { key, params };
}
var COMMA = 44;
var LF = 10;
var CR = 13;
var SPACE = 32;
var ZERO = 48;
var MINUS = 45;
var PLUS = 43;
var POINT = 46;
var QUOTE = 34;
var FNV_OFFSET = 2166136261;
var FNV_PRIME = 16777619;
function fnv1a(bytes, start, end) {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i], FNV_PRIME);
  return hash >>> 0;
}
var decoder = new TextDecoder();
var text = (bytes, start, end) => decoder.decode(bytes.subarray(start, end));
function onlyEmptyLinesFrom(bytes, from) {
  for (let i = from; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === LF) continue;
    if (byte !== CR || i + 1 < bytes.length && bytes[i + 1] !== LF) return false;
  }
  return true;
}
var Lines = class {
  start = 0;
  end = 0;
  number = 0;
  bytes;
  position;
  /** `bom`: skip a UTF-8 BOM at the start (false for a chunk from the middle of a file: scan.ts). */
  constructor(bytes, bom = true) {
    this.bytes = bytes;
    this.position = bom && bytes.length >= 3 && bytes[0] === 239 && bytes[1] === 187 && bytes[2] === 191 ? 3 : 0;
  }
  next() {
    const bytes = this.bytes;
    const length = bytes.length;
    const start = this.position;
    if (start >= length) return false;
    let end = start;
    while (end < length && bytes[end] !== LF) end++;
    this.position = end === length ? length : end + 1;
    if (end > start && bytes[end - 1] === CR) end -= 1;
    if (end === start && onlyEmptyLinesFrom(bytes, this.position)) {
      this.position = length;
      return false;
    }
    this.start = start;
    this.end = end;
    this.number += 1;
    return true;
  }
  /**
   * The fast path: when the next line is the common row `<id>,<value>` (a canonical integer id: digits,
   * no leading zero, at most 9; a plain decimal value) it is read into `plain` in the same pass that
   * finds its end, and the cursor moves past it. Otherwise returns false without moving, and the caller
   * reads that line with `next()` the general way (which refuses it precisely when it is wrong).
   */
  nextPlain() {
    const bytes = this.bytes;
    const length = bytes.length;
    const start = this.position;
    let i = start;
    let id = 0;
    for (; i < length; i++) {
      const digit = bytes[i] - ZERO;
      if (digit < 0 || digit > 9) break;
      id = id * 10 + digit;
    }
    const idLength = i - start;
    if (idLength === 0 || idLength > 9 || idLength > 1 && bytes[start] === ZERO) return false;
    if (i === length || bytes[i] !== COMMA) return false;
    const comma = i;
    const end = readDecimal(bytes, comma + 1, length);
    if (end === -1) return false;
    let next2;
    if (end === length) next2 = length;
    else if (bytes[end] === LF) next2 = end + 1;
    else if (bytes[end] === CR && (end + 1 === length || bytes[end + 1] === LF))
      next2 = Math.min(end + 2, length);
    else return false;
    plain.id = id;
    plain.comma = comma;
    this.start = start;
    this.end = end;
    this.position = next2;
    this.number += 1;
    return true;
  }
  /**
   * The fast path for text ids: when the next line is `<id>,<plain decimal>` with an id of plain bytes
   * (no quote, no CR or LF) it is read in one pass — the id's FNV-1a hash into `plain.hash` as its bytes
   * go by, the value into `plain.value` — and the cursor moves past it. Otherwise returns false without
   * moving, as nextPlain does.
   */
  nextKeyed() {
    const bytes = this.bytes;
    const length = bytes.length;
    const start = this.position;
    let hash = FNV_OFFSET;
    let i = start;
    for (; i < length; i++) {
      const byte = bytes[i];
      if (byte === COMMA) break;
      if (byte === QUOTE || byte === LF || byte === CR) return false;
      hash = Math.imul(hash ^ byte, FNV_PRIME);
    }
    return this.#keyedValue(start, i, hash);
  }
  /**
   * nextKeyed for a ground truth, which keeps its ids: the id's bytes are also copied to `keys` from
   * `at` as they go by (a second pass copying them took about half as long as reading the rows). On
   * false, bytes after `at` may have been written: the caller's next id goes there.
   */
  nextKeyedInto(keys, at) {
    const bytes = this.bytes;
    const length = bytes.length;
    const start = this.position;
    let hash = FNV_OFFSET;
    let i = start;
    for (let to = at; i < length; i++, to++) {
      const byte = bytes[i];
      if (byte === COMMA) break;
      if (byte === QUOTE || byte === LF || byte === CR) return false;
      keys[to] = byte;
      hash = Math.imul(hash ^ byte, FNV_PRIME);
    }
    return this.#keyedValue(start, i, hash);
  }
  /** The rest of nextKeyed once the id start…comma is hashed: the value and the line's end. */
  #keyedValue(start, comma, hash) {
    const bytes = this.bytes;
    const length = bytes.length;
    if (comma === start || comma === length) return false;
    const end = readDecimal(bytes, comma + 1, length);
    if (end === -1) return false;
    let next2;
    if (end === length) next2 = length;
    else if (bytes[end] === LF) next2 = end + 1;
    else if (bytes[end] === CR && (end + 1 === length || bytes[end + 1] === LF))
      next2 = Math.min(end + 2, length);
    else return false;
    plain.hash = hash >>> 0;
    plain.comma = comma;
    this.start = start;
    this.end = end;
    this.position = next2;
    this.number += 1;
    return true;
  }
};
var POWERS_OF_TEN = new Float64Array(16);
for (let k = 0, power = 1; k < 16; k++, power *= 10) POWERS_OF_TEN[k] = power;
var SIGNS = Float64Array.of(1, -1);
var plain = { id: 0, hash: 0, comma: 0, value: 0 };
function readDecimal(bytes, start, limit) {
  const sign = bytes[start];
  let i = start + (sign === MINUS || sign === PLUS ? 1 : 0);
  let mantissa = 0;
  let digits = 0;
  let point = -1;
  for (; i < limit; i++) {
    const byte = bytes[i];
    const digit = byte - ZERO;
    if (digit >= 0 && digit <= 9) {
      mantissa = mantissa * 10 + digit;
      digits++;
    } else if (byte === POINT && point === -1) point = i;
    else break;
  }
  if (digits === 0 || digits > 15) return -1;
  const value = point === -1 ? mantissa : mantissa / POWERS_OF_TEN[i - point - 1];
  plain.value = value * SIGNS[+(sign === MINUS)];
  return i;
}
function plainDecimal(bytes, start, end) {
  return readDecimal(bytes, start, end) === end ? plain.value : Number.NaN;
}
function parseNumber(bytes, start, end) {
  while (start < end && bytes[start] === SPACE) start++;
  while (end > start && bytes[end - 1] === SPACE) end--;
  if (start === end) return Number.NaN;
  const value = plainDecimal(bytes, start, end);
  if (!Number.isNaN(value)) return value;
  const parsed = Number(text(bytes, start, end));
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}
function canonicalInteger(bytes, start, end) {
  const length = end - start;
  if (length < 1 || length > 9 || length > 1 && bytes[start] === ZERO) return -1;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = bytes[i] - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

// src/evaluation/fields.ts
var COMMA2 = 44;
var QUOTE2 = 34;
var row = {
  idStart: 0,
  idEnd: 0,
  idEscaped: false,
  valueStart: 0,
  valueEnd: 0,
  valueEscaped: false
};
var ROW_OK = 0;
var ROW_COLUMNS = 1;
var ROW_UNCLOSED = 2;
var ROW_AFTER_QUOTE = 3;
var field = { start: 0, end: 0, escaped: false, problem: ROW_OK };
function readField(bytes, at, end) {
  if (at < end && bytes[at] === QUOTE2) {
    let i2 = at + 1;
    let escaped = false;
    for (; ; ) {
      if (i2 >= end) {
        field.problem = ROW_UNCLOSED;
        return -1;
      }
      if (bytes[i2] === QUOTE2) {
        if (i2 + 1 < end && bytes[i2 + 1] === QUOTE2) {
          escaped = true;
          i2 += 2;
          continue;
        }
        break;
      }
      i2++;
    }
    field.start = at + 1;
    field.end = i2;
    field.escaped = escaped;
    if (i2 + 1 < end && bytes[i2 + 1] !== COMMA2) {
      field.problem = ROW_AFTER_QUOTE;
      return -1;
    }
    return i2 + 1;
  }
  let i = at;
  while (i < end && bytes[i] !== COMMA2) i++;
  field.start = at;
  field.end = i;
  field.escaped = false;
  return i;
}
function splitRow(bytes, start, end) {
  const afterId = readField(bytes, start, end);
  if (afterId === -1) return field.problem;
  if (afterId === end) return ROW_COLUMNS;
  row.idStart = field.start;
  row.idEnd = field.end;
  row.idEscaped = field.escaped;
  const afterValue = readField(bytes, afterId + 1, end);
  if (afterValue === -1) return field.problem;
  if (afterValue !== end) return ROW_COLUMNS;
  row.valueStart = field.start;
  row.valueEnd = field.end;
  row.valueEscaped = field.escaped;
  return ROW_OK;
}
function rowRefusal(problem, line, columns) {
  if (problem === ROW_UNCLOSED) return refusal("unclosedQuote", { line });
  if (problem === ROW_AFTER_QUOTE) return refusal("textAfterQuote", { line });
  return refusal("columnCount", { line, columns });
}
function rowProblem(problem, columns) {
  if (problem === ROW_UNCLOSED)
    return "a quoted field is not closed on its line (a line break inside quotes is not supported).";
  if (problem === ROW_AFTER_QUOTE)
    return 'text after the closing quote of a field (a quote inside a quoted field is written "").';
  return `expected 2 columns (${columns}).`;
}
function unquote(bytes, start, end, target, at) {
  let out = at;
  for (let i = start; i < end; i++) {
    const byte = bytes[i];
    target[out++] = byte;
    if (byte === QUOTE2) i++;
  }
  return out;
}

// src/evaluation/metrics.ts
var trimmed = (label) => label.trim();
var normalizedAnswer = (answer) => answer.trim().replace(/\s+/g, " ").normalize("NFC");
function meanOf(truth, predicted, error) {
  const n = truth.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += error(truth[i], predicted[i]);
  return sum / n;
}
function meanAbsoluteError(truth, predicted) {
  const n = truth.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.abs(predicted[i] - truth[i]);
  return sum / n;
}
function sumOfSquaredErrors(truth, predicted) {
  let sum = 0;
  for (let i = 0; i < truth.length; i++) {
    const difference = predicted[i] - truth[i];
    sum += difference * difference;
  }
  return sum;
}
function rootMeanSquaredError(truth, predicted) {
  const n = truth.length;
  if (n === 0) return null;
  return Math.sqrt(sumOfSquaredErrors(truth, predicted) / n);
}
function rSquared(truth, predicted) {
  const n = truth.length;
  if (n === 0) return null;
  let residual = 0;
  let constant = true;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const difference = truth[i] - predicted[i];
    residual += difference * difference;
    if (truth[i] !== truth[0]) constant = false;
    sum += truth[i];
  }
  if (constant) return residual === 0 ? 1 : 0;
  const mean = sum / n;
  let total = 0;
  for (let i = 0; i < n; i++) total += (truth[i] - mean) ** 2;
  if (total === 0) return residual === 0 ? 1 : 0;
  return 1 - residual / total;
}
var sameCode = (t, p) => +(t === p);
function macroF1(truth, predicted) {
  const n = truth.length;
  if (n === 0) return null;
  let classes = 0;
  for (let i = 0; i < n; i++) classes = Math.max(classes, truth[i] + 1, predicted[i] + 1);
  const tp = new Float64Array(classes);
  const fp = new Float64Array(classes);
  const fn = new Float64Array(classes);
  for (let i = 0; i < n; i++) {
    const t = truth[i];
    const p = predicted[i];
    if (t === p) tp[t] = tp[t] + 1;
    else {
      fp[p] = fp[p] + 1;
      fn[t] = fn[t] + 1;
    }
  }
  let sum = 0;
  let present = 0;
  for (let k = 0; k < classes; k++) {
    const denominator = 2 * tp[k] + fp[k] + fn[k];
    if (denominator === 0) continue;
    sum += 2 * tp[k] / denominator;
    present += 1;
  }
  return sum / present;
}
function areaUnderCurve(truth, predicted) {
  const n = truth.length;
  let positives = 0;
  for (let i = 0; i < n; i++) positives += truth[i];
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) return null;
  const positive = new Float64Array(positives);
  const negative = new Float64Array(negatives);
  for (let i = 0, p = 0, q = 0; i < n; i++) {
    if (truth[i] === 1) positive[p++] = predicted[i];
    else negative[q++] = predicted[i];
  }
  positive.sort();
  negative.sort();
  let wins = 0;
  let below = 0;
  let tied = 0;
  for (let p = 0; p < positives; p++) {
    const score = positive[p];
    if (p === 0 || score !== positive[p - 1]) {
      below += tied;
      tied = 0;
      while (below < negatives && negative[below] < score) below++;
      while (below + tied < negatives && negative[below + tied] === score) tied++;
    }
    wins += below + tied / 2;
  }
  return wins / (positives * negatives);
}
var oneClass = (truth) => {
  const first = truth[0];
  for (let i = 1; i < truth.length; i++) if (truth[i] !== first) return null;
  return `only ${first === 1 ? "positives (1)" : "negatives (0)"}: AUC needs both classes`;
};
var SIRNA_EFFECTIVE_BELOW = 30;
function sirnaScore(truth, predicted) {
  const n = truth.length;
  if (n === 0) return null;
  let absolute = 0;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let i = 0; i < n; i++) {
    const t = truth[i];
    const p = predicted[i];
    absolute += Math.abs(p - t);
    const trulyEffective = t < SIRNA_EFFECTIVE_BELOW;
    const calledEffective = p < SIRNA_EFFECTIVE_BELOW;
    if (trulyEffective && calledEffective) tp++;
    else if (calledEffective) fp++;
    else if (trulyEffective) fn++;
  }
  const mae = Math.min(absolute / n, 100);
  const f1 = tp + fp + fn === 0 ? 1 : 2 * tp / (2 * tp + fp + fn);
  return 0.5 * (1 - mae / 100) + 0.5 * f1;
}
var THREAT_THRESHOLDS = [0.1, 10, 25, 50];
function threatScore(truth, predicted) {
  const n = truth.length;
  if (n === 0) return null;
  let sum = 0;
  let counted = 0;
  for (const threshold of THREAT_THRESHOLDS) {
    let hits = 0;
    let misses = 0;
    let falseAlarms = 0;
    for (let i = 0; i < n; i++) {
      const observed = truth[i] >= threshold;
      const forecast = predicted[i] >= threshold;
      if (observed && forecast) hits++;
      else if (observed) misses++;
      else if (forecast) falseAlarms++;
    }
    if (hits + misses + falseAlarms === 0) continue;
    sum += hits / (hits + misses + falseAlarms);
    counted++;
  }
  return counted === 0 ? 1 : sum / counted;
}
var metrics = {
  /** Mean absolute error: MAE = Σ|pᵢ − tᵢ| / n. Lower is better; 0 is perfect. */
  mae: {
    summary: "mean absolute error",
    higherIsBetter: false,
    target: "numeric",
    score: meanAbsoluteError
  },
  /** Root mean squared error: RMSE = √(Σ(pᵢ − tᵢ)² / n). Lower is better; 0 is perfect. */
  rmse: {
    summary: "root mean squared error",
    higherIsBetter: false,
    target: "numeric",
    score: rootMeanSquaredError
  },
  /**
   * Coefficient of determination: R² = 1 − SS_res / SS_tot, SS_res = Σ(tᵢ − pᵢ)², SS_tot = Σ(tᵢ − t̄)².
   * Higher is better; 1 is perfect, 0 is predicting the mean, it can be negative. When every true value
   * of the split is the same (SS_tot = 0): 1 if the predictions are exact, else 0 (as scikit-learn's
   * r2_score with force_finite).
   */
  r2: {
    summary: "coefficient of determination (1 \u2212 SS_res/SS_tot)",
    higherIsBetter: true,
    target: "numeric",
    score: rSquared
  },
  /** Accuracy: the share of ids whose label equals the true label (labels trimmed; case counts). */
  accuracy: {
    summary: "share of exactly right labels",
    higherIsBetter: true,
    target: "label",
    normalize: trimmed,
    score: (truth, predicted) => meanOf(truth, predicted, sameCode)
  },
  /**
   * Macro-averaged F1: the mean over classes c of F1_c = 2·TP_c / (2·TP_c + FP_c + FN_c), over the classes
   * present in the split's truth or predictions (a label only a submission uses is a class of its own,
   * with F1 0). Labels trimmed; case counts. Higher is better; 1 is perfect.
   */
  macro_f1: {
    summary: "macro-averaged F1 over the labels in truth or predictions",
    higherIsBetter: true,
    target: "label",
    normalize: trimmed,
    score: macroF1
  },
  /**
   * Area under the ROC curve, for true values 0 or 1 and submitted scores (any numbers; higher means
   * more likely 1): the share of (positive, negative) pairs in which the positive has the higher
   * score, a tie counting ½ (the Mann–Whitney U / (P·N)). Higher is better; 1 is perfect, 0.5 is chance.
   * Undefined on a split with one class only: such a ground truth is refused at upload.
   */
  auc: {
    summary: "area under the ROC curve (true values 0/1, ties count \xBD)",
    higherIsBetter: true,
    target: "numeric",
    refuseTrueValue: (value) => value === 0 || value === 1 ? null : "the auc metric needs 0 or 1 as the true value",
    refuseSplit: oneClass,
    score: areaUnderCurve
  },
  /**
   * Exact-match accuracy (reasoning answers): the share of ids whose answer equals the true answer after
   * trimming, collapsing runs of whitespace to one space and Unicode NFC normalisation; case and
   * punctuation count ("42" ≠ "42.0", "Paris" ≠ "paris"). Higher is better.
   */
  exact_match: {
    summary: "share of answers equal to the truth (whitespace collapsed, NFC, case-sensitive)",
    higherIsBetter: true,
    target: "label",
    normalize: normalizedAnswer,
    score: (truth, predicted) => meanOf(truth, predicted, sameCode)
  },
  /**
   * siRNA silencing, values are % of the target mRNA remaining (0–100): a composite of the error and of
   * finding the effective siRNAs (< 30 % remaining):
   *   score = 0.5 · (1 − min(MAE, 100) / 100) + 0.5 · F1(effective),
   * F1 = 2·TP / (2·TP + FP + FN) with "effective" = value < 30 on both sides; when neither the truth nor
   * the submission calls any siRNA of the split effective, F1 = 1 (they agree). Higher is better, in
   * [0, 1]; 1 is perfect.
   */
  sirna: {
    summary: '0.5\xB7(1 \u2212 min(MAE,100)/100) + 0.5\xB7F1 of "effective" (< 30 % mRNA remaining)',
    higherIsBetter: true,
    target: "numeric",
    score: sirnaScore
  },
  /**
   * Mean threat score (critical success index) of precipitation in mm over the thresholds 0.1, 10, 25
   * and 50 mm: at each threshold an id is an event when its value is ≥ the threshold, and
   * TS = hits / (hits + misses + false alarms). A threshold that neither the truth nor the submission
   * reaches in the split is left out of the mean; with all left out (a dry split forecast dry) the score
   * is 1. Higher is better, in [0, 1].
   */
  threat_score: {
    summary: "mean threat score over 0.1, 10, 25 and 50 mm",
    higherIsBetter: true,
    target: "numeric",
    score: threatScore
  }
};
var metricOf = (name) => metrics[name];
var higherIsBetterMetrics = Object.entries(metrics).filter(([, metric]) => metric.higherIsBetter).map(([name]) => name);

// src/evaluation/ground-truth.ts
var EMPTY_KEYS = new Uint8Array(0);
function directSlot(truth, bytes, start, end) {
  const id = canonicalInteger(bytes, start, end);
  const slot = id - truth.directBase;
  return id < 0 || slot < 0 || slot >= truth.positions.length || truth.positions[slot] === -1 ? -1 : slot;
}

// src/evaluation/batch.ts
var shown = (bytes, start, end) => {
  const value = text(bytes, start, Math.min(end, start + 40));
  return end - start > 40 ? `${value}\u2026` : value;
};
var BATCH = 4096;
var HASHED_BATCH = 256;
var PROBE = -2;
var POSITION2 = 3;
var Batch = class {
  starts = new Int32Array(BATCH);
  ends = new Int32Array(BATCH);
  slots = new Int32Array(BATCH);
  hashes = new Int32Array(BATCH);
  values = new Float64Array(BATCH);
  size = 0;
  /** The line number of the batch's first row. */
  firstLine = 0;
  /** Quoted ids of this batch with their `""` undone, one after another. */
  unquoted = viewed(new Uint8Array(1024));
  #unquotedUsed = 0;
  refusal = null;
  done = false;
  /** What the loads ahead of the probes read, folded together: kept only so they are not optimised away. */
  touched = 0;
  /** Hash index: per row, the record its probe goes on from (#probeAll). */
  #found = new Int32Array(BATCH);
  /** For a label metric: this submission's codes, the ground truth's labels' and then its own new ones. */
  #labelCodes;
  #normalize;
  lines;
  truth;
  constructor(lines, truth) {
    this.lines = lines;
    this.truth = truth;
    const definition = metricOf(truth.metric);
    this.#labelCodes = definition.target === "label" ? new Map(truth.labels.map((label, code) => [label, code])) : null;
    this.#normalize = definition.normalize ?? ((label) => label);
  }
  /**
   * The same batch (its arrays: ~115 KB) on other lines of a numeric submission: the scan pool's
   * threads read a job's chunks with one (scan.ts).
   */
  restart(lines) {
    if (this.#labelCodes !== null) throw new Error("a label batch codes one submission: make a new one");
    this.lines = lines;
    this.size = 0;
    this.firstLine = 0;
    this.#unquotedUsed = 0;
    this.refusal = null;
    this.done = false;
  }
  fill() {
    const { lines, truth, starts, ends, slots, hashes, values } = this;
    const numeric = this.#labelCodes === null;
    const direct = truth.direct;
    const base = truth.directBase;
    const size = truth.positions.length;
    this.firstLine = lines.number + 1;
    this.#unquotedUsed = 0;
    let n = 0;
    const limit = direct ? BATCH : HASHED_BATCH;
    for (; n < limit; n++) {
      if (numeric && direct && lines.nextPlain()) {
        const slot = plain.id - base;
        slots[n] = slot >>> 0 < size ? slot : -1;
        values[n] = plain.value;
        starts[n] = lines.start;
        ends[n] = plain.comma;
      } else if (numeric && !direct && lines.nextKeyed()) {
        slots[n] = PROBE;
        hashes[n] = plain.hash;
        values[n] = plain.value;
        starts[n] = lines.start;
        ends[n] = plain.comma;
      } else if (!lines.next()) {
        this.done = true;
        break;
      } else {
        const stored = this.#general(n);
        if (this.refusal !== null) {
          if (stored) n++;
          break;
        }
      }
    }
    this.size = n;
  }
  /** Where row i's id is: its bytes, start and end (see the class comment). */
  source(i) {
    return this.starts[i] < 0 ? this.unquoted.bytes : this.lines.bytes;
  }
  /** Reads row n the general way: true once its id is stored; sets `refusal` when the row is wrong. */
  #general(n) {
    const { lines, truth } = this;
    const { start, end, number } = lines;
    const bytes = lines.bytes;
    const problem = splitRow(bytes, start, end);
    if (problem !== ROW_OK) return this.#refuse(rowRefusal(problem, number, `id,${truth.target}`), false);
    let { idStart, idEnd } = row;
    const { valueStart, valueEnd, valueEscaped } = row;
    if (idStart === idEnd) return this.#refuse(refusal("emptyId", { line: number }), false);
    let source = bytes;
    if (row.idEscaped) {
      if (this.#unquotedUsed + (idEnd - idStart) > this.unquoted.bytes.length) {
        const bigger = new Uint8Array(2 * (this.#unquotedUsed + idEnd - idStart));
        bigger.set(this.unquoted.bytes.subarray(0, this.#unquotedUsed));
        this.unquoted = viewed(bigger);
      }
      source = this.unquoted.bytes;
      const from = this.#unquotedUsed;
      idEnd = this.#unquotedUsed = unquote(bytes, idStart, idEnd, source, from);
      idStart = from;
      this.starts[n] = ~from;
    } else this.starts[n] = idStart;
    this.ends[n] = idEnd;
    if (truth.direct) this.slots[n] = directSlot(truth, source, idStart, idEnd);
    else {
      this.slots[n] = PROBE;
      this.hashes[n] = fnv1a(source, idStart, idEnd);
    }
    const codes = this.#labelCodes;
    if (codes) {
      const raw2 = text(bytes, valueStart, valueEnd);
      const label = this.#normalize(valueEscaped ? raw2.replaceAll('""', '"') : raw2);
      let code = codes.get(label);
      if (code === void 0) {
        code = codes.size;
        codes.set(label, code);
      }
      this.values[n] = code;
      if (label === "")
        return this.#refuse(refusal("emptyValue", { line: number, column: truth.target }), true);
      return true;
    }
    const value = valueEscaped ? Number.NaN : parseNumber(bytes, valueStart, valueEnd);
    this.values[n] = value;
    if (!Number.isNaN(value)) return true;
    const spelled = shown(bytes, valueStart, valueEnd);
    const raw = (valueEscaped ? spelled.replaceAll('""', '"') : spelled).trim();
    const line = number;
    const column = truth.target;
    return this.#refuse(
      raw === "" ? refusal("emptyValue", { line, column }) : /^[+-]?(nan|inf(inity)?)$/i.test(raw) ? refusal("notFinite", { line, column, value: raw }) : refusal("notANumber", { line, column, value: raw }),
      true
    );
  }
  /**
   * Turns the batch's slots into positions in split order (-1: no test id), by the direct index or the
   * hash index (`file`: the bytes the rows were read from, with a DataView). Lookups happen here, back
   * to back, rather than while parsing: their memory reads overlap.
   */
  lookUp(file) {
    const { truth, slots, size } = this;
    if (!truth.direct) {
      this.#probeAll(file);
      return;
    }
    const positions = truth.positions;
    for (let i = 0; i < size; i++) {
      const slot = slots[i];
      slots[i] = slot < 0 ? -1 : positions[slot];
    }
  }
  /**
   * Hash index, in three passes over the batch so that the memory reads of different rows overlap
   * instead of waiting for each other: (1) each row's home record is loaded (reads independent of each
   * other: the processor has many in flight); (2) from there, in the cache now, the first record with
   * the id's hash (or the empty one that ends the probe) is found, and the first and last byte of the
   * id it points to are loaded — the record that holds the id, not only its home (with linear probing
   * at 0.7 full about a third of ids are not in their home record, and each such id's bytes were a
   * wait of a whole memory read in the probe); (3) each id is compared with its record's, in the cache,
   * and the probe goes on only after a hash collision (probe() from that record: those before it have
   * other hashes).
   */
  #probeAll(file) {
    const { table, keys, keyView } = this.truth;
    const { hashes, slots, starts, ends, size } = this;
    const found = this.#found;
    const records = table.length / RECORD;
    let sink = 0;
    for (let i = 0; i < size; i++)
      if (slots[i] === PROBE) sink ^= table[home(hashes[i], records) + POSITION2];
    for (let i = 0; i < size; i++) {
      if (slots[i] !== PROBE) continue;
      const hash = hashes[i];
      let at = home(hash, records);
      while (table[at + POSITION2] !== 0 && table[at] !== hash) at = next(at, table.length);
      found[i] = at;
      const end = table[at + 2];
      sink ^= keys[table[at + 1]] ^ keys[end > 0 ? end - 1 : 0];
    }
    this.touched = sink;
    for (let i = 0; i < size; i++) {
      if (slots[i] !== PROBE) {
        slots[i] = -1;
        continue;
      }
      const at = found[i];
      if (table[at + POSITION2] === 0) {
        slots[i] = -1;
        continue;
      }
      const start = starts[i];
      const record = start >= 0 ? probe(table, keyView, hashes[i], file, start, ends[i], at) : probe(table, keyView, hashes[i], this.unquoted, ~start, ends[i], at);
      slots[i] = table[record + POSITION2] - 1;
    }
  }
  #refuse(reason, stored) {
    this.refusal = reason;
    return stored;
  }
};

// src/evaluation/scan.ts
function scanChunk(chunk, truth, predicted, reused) {
  const lines = new Lines(chunk, false);
  let batch;
  if (reused) {
    reused.restart(lines);
    batch = reused;
  } else batch = new Batch(lines, truth);
  const { slots, values } = batch;
  const file = viewed(chunk);
  let rows = 0;
  while (!batch.done) {
    batch.fill();
    if (batch.refusal !== null) return -1;
    const size = batch.size;
    batch.lookUp(file);
    for (let i = 0; i < size; i++) {
      const position = slots[i];
      if (position < 0) return -1;
      predicted[position] = values[i];
    }
    rows += size;
  }
  return rows;
}
var NEXT = 0;
var DONE = 1;
var BY_POOL = 2;
var RESULTS = 3;
var primed = false;
var EMPTY = new Uint8Array(0);
function takeChunks(job, truth, pooled) {
  const { bytes, bounds, control, predicted } = job;
  const chunks = bounds.length - 1;
  if (!primed) {
    primed = true;
    const batch2 = new Batch(new Lines(EMPTY, false), truth);
    const file = viewed(EMPTY);
    for (let i = 0; i < 32; i++) {
      batch2.fill();
      batch2.lookUp(file);
    }
  }
  let batch = null;
  for (; ; ) {
    const chunk = Atomics.add(control, NEXT, 1);
    if (chunk >= chunks) return;
    let rows;
    try {
      batch ??= new Batch(new Lines(EMPTY, false), truth);
      rows = scanChunk(bytes.subarray(bounds[chunk], bounds[chunk + 1]), truth, predicted, batch);
    } catch {
      rows = -1;
    }
    control[RESULTS + chunk] = rows;
    if (pooled) Atomics.add(control, BY_POOL, 1);
    Atomics.add(control, DONE, 1);
    Atomics.notify(control, DONE);
  }
}

// src/evaluation/truth-read.ts
var Values = class {
  labels = [];
  #codes = /* @__PURE__ */ new Map();
  numeric;
  #normalize;
  #refuse;
  constructor(metric) {
    const definition = metricOf(metric);
    this.numeric = definition.target === "numeric";
    this.#normalize = definition.normalize ?? ((label) => label);
    this.#refuse = definition.refuseTrueValue;
  }
  /** The value of the field start…end of line `line` (its text unquoted when `escaped`). */
  read(bytes, start, end, escaped, line) {
    let value;
    if (this.numeric) {
      value = escaped ? Number.NaN : parseNumber(bytes, start, end);
      if (Number.isNaN(value)) throw new InvalidFile(`Ground truth line ${line} has no numeric value.`);
    } else {
      const raw = text(bytes, start, end);
      const label = this.#normalize(escaped ? raw.replaceAll('""', '"') : raw);
      value = this.#codes.get(label) ?? -1;
      if (value === -1) {
        value = this.labels.push(label) - 1;
        this.#codes.set(label, value);
      }
    }
    return this.check(value, bytes, start, end, line);
  }
  /** Refuses a true value the metric cannot take (AUC: 0 or 1), naming the line. */
  check(value, bytes, start, end, line) {
    const why = this.#refuse?.(value) ?? null;
    if (why !== null)
      throw new InvalidFile(
        `Ground truth line ${line}: ${why}, found "${text(bytes, start, end).trim().slice(0, 40)}".`
      );
    return value;
  }
};
function nextGeneral(lines) {
  if (!lines.next()) return false;
  const problem = splitRow(lines.bytes, lines.start, lines.end);
  if (problem !== ROW_OK)
    throw new InvalidFile(`Ground truth line ${lines.number}: ${rowProblem(problem, "id,<target>")}`);
  if (row.idEnd === row.idStart)
    throw new InvalidFile(`Ground truth line ${lines.number} does not have an id and a value.`);
  return true;
}

// src/evaluation/truth-chunks.ts
var CLAIMED = -1;
var POSITION3 = 3;
var PENDING = 256;
var touched = 0;
var T_NEXT = 0;
var T_DONE = 1;
var T_BY_POOL = 2;
var T_INSERTED = 3;
var T_RESULTS = 4;
var T_FIELDS = 2;
var T_ROWS = 0;
var T_OK = 1;
function insertShared(table, keys, hash, start, end, position) {
  let at = home(hash, table.length / RECORD);
  for (; ; ) {
    const found = Atomics.load(table, at + POSITION3);
    if (found === 0) {
      if (Atomics.compareExchange(table, at + POSITION3, 0, CLAIMED) !== 0) continue;
      table[at] = hash;
      table[at + 1] = start;
      table[at + 2] = end;
      Atomics.store(table, at + POSITION3, position);
      return true;
    }
    if (found === CLAIMED) continue;
    if (table[at] === hash && sameBytes(keys, table[at + 1], table[at + 2], keys, start, end)) return false;
    at = next(at, table.length);
  }
}
var Pending = class {
  hashes = new Int32Array(PENDING);
  starts = new Int32Array(PENDING);
  ends = new Int32Array(PENDING);
  positions = new Int32Array(PENDING);
  size = 0;
  /** Inserts the pending ids into the job's table; false when one is there already or the table is full. */
  flush(job) {
    const { table, keys, control } = job;
    const { hashes, starts, ends, positions } = this;
    const size = this.size;
    this.size = 0;
    const records = table.length / RECORD;
    if (!fits(Atomics.add(control, T_INSERTED, size) + size, records * 1.2)) return false;
    let sink = 0;
    for (let i = 0; i < size; i++) sink ^= table[home(hashes[i], records)];
    touched = sink;
    for (let i = 0; i < size; i++)
      if (!insertShared(table, keys, hashes[i], starts[i], ends[i], positions[i])) return false;
    return true;
  }
};
var pendingOfThread = null;
function readTruthChunk(job, c) {
  const { bytes, bounds, regions, keys, values: out } = job;
  const chunk = bytes.subarray(bounds[c], bounds[c + 1]);
  const lines = new Lines(chunk, false);
  const values = new Values(job.metric);
  if (!values.numeric) return null;
  const pending = pendingOfThread ??= new Pending();
  pending.size = 0;
  const { hashes, starts, ends, positions } = pending;
  let used = bounds[c] - bounds[0];
  const front = regions[c];
  const capacity = regions[c + 1] - front;
  let rows = 0;
  for (; ; ) {
    const from = used;
    let hash;
    let value;
    if (lines.nextKeyedInto(keys, used)) {
      const end = plain.comma;
      used += end - lines.start;
      hash = plain.hash;
      value = values.check(plain.value, chunk, end + 1, lines.end, 0);
    } else {
      if (!nextGeneral(lines)) break;
      const { idStart, idEnd } = row;
      if (row.idEscaped) used = unquote(chunk, idStart, idEnd, keys, used);
      else for (let i = idStart; i < idEnd; i++) keys[used++] = chunk[i];
      hash = fnv1a(keys, from, used);
      value = values.read(chunk, row.valueStart, row.valueEnd, row.valueEscaped, 0);
    }
    if (rows === capacity) return null;
    const at = pending.size++;
    hashes[at] = hash | 0;
    starts[at] = from;
    ends[at] = used;
    positions[at] = rows + 1;
    if (at + 1 === PENDING && !pending.flush(job)) return null;
    out[front + rows++] = value;
  }
  if (pending.size > 0 && !pending.flush(job)) return null;
  return rows;
}
function takeTruthChunks(job, pooled) {
  const { control, bounds } = job;
  const chunks = bounds.length - 1;
  for (; ; ) {
    const c = Atomics.add(control, T_NEXT, 1);
    if (c >= chunks) return;
    let rows;
    try {
      rows = readTruthChunk(job, c);
    } catch {
      rows = null;
    }
    const at = T_RESULTS + c * T_FIELDS;
    if (rows !== null) {
      control[at + T_ROWS] = rows;
      control[at + T_OK] = 1;
    } else control[at + T_OK] = -1;
    if (pooled) Atomics.add(control, T_BY_POOL, 1);
    Atomics.add(control, T_DONE, 1);
    Atomics.notify(control, T_DONE);
  }
}

// src/evaluation/scan-worker.ts
parentPort?.on("message", (job) => {
  if (job.kind === "truth") takeTruthChunks(job, true);
  else takeChunks(job, { ...job.truth, keyView: viewed(job.truth.keys) }, true);
});
