/**
 * Rama's reading of a plain CSV file, checked byte by byte beside an engine that parses the file
 * itself with rules of its own (PostgreSQL's COPY): the engine's reading is kept only where the
 * check finds that every value is one both read alike. PostgreSQL takes much that Rama's exact
 * path reads otherwise or refuses — `epoch`, `now` and microseconds as datetimes, `0x10` and `NaN`
 * as floats, a quote inside an unquoted value as the start of a quoted part — so the check passes
 * only the plain shapes (a whole number, a decimal float, an ISO datetime to the millisecond) and
 * fails on anything else: the file then loads the exact way, which decides what it holds.
 *
 * The check also counts the records (the engine must have read as many) and notes the text columns
 * holding a null spelling (the engine stores the text; those columns are put right after).
 * It works on the bytes, with no string made per value: it runs in a worker beside the engine's
 * load (csv-check-run.ts) and must take less time than the load.
 */
// types only: the worker that runs the check loads nothing else
import type { UploadColumnKind } from '@rama/shared';
import type { CsvCheck } from '../engines/types.js';

export interface CsvCheckOptions {
  /** one ASCII character, not a quote or a line break */
  delimiter: string;
  /** the first record names the columns */
  header: boolean;
  /** per file column (the fast path reads every column, in order) */
  kinds: readonly UploadColumnKind[];
  /** per file column: the sample held no value in it (any value but a null spelling fails the check) */
  valueless: readonly boolean[];
  /** the texts read as null besides the empty text */
  nullSpellings: readonly string[];
  /** a record longer than this fails the check (the exact path's limit, UPLOAD_LIMITS.maxRecordChars) */
  maxRecordBytes: number;
}

/** The check's verdict: the whole file read alike (its data records, and the text columns holding a null spelling), or why not. */
export type CsvCheckResult = CsvCheck;

const QUOTE = 34;
const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const DIGIT_0 = 48;
const PLUS = 43;
const MINUS = 45;
const DOT = 46;
const COLON = 58;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

const isBlank = (c: number): boolean => c === SPACE || c === TAB;

/** the digits at..at+width of `b` as a number; -1 where one is not a digit or lies at or past `end` */
function digitsAt(b: Uint8Array, at: number, width: number, end: number): number {
  if (at + width > end) return -1;
  let v = 0;
  for (let i = at; i < at + width; i++) {
    const c = b[i] - DIGIT_0;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** `[+-]?[0-9]{1,18}` between spaces or tabs: a whole number both read alike (longer ones are left to the exact path) */
export function plainInteger(b: Uint8Array, a: number, e: number): boolean {
  // both readers drop the spaces and tabs around a value
  while (a < e && isBlank(b[a])) a++;
  while (e > a && isBlank(b[e - 1])) e--;
  if (a < e && (b[a] === PLUS || b[a] === MINUS)) a++;
  const n = e - a;
  if (n < 1 || n > 18) return false;
  for (let i = a; i < e; i++) if (!isDigit(b[i])) return false;
  return true;
}

/** Rama's float text (`[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?`) between spaces or tabs: no `NaN`, `inf` or `0x`. */
export function plainFloat(b: Uint8Array, i: number, e: number): boolean {
  while (i < e && isBlank(b[i])) i++;
  while (e > i && isBlank(b[e - 1])) e--;
  if (i < e && (b[i] === PLUS || b[i] === MINUS)) i++;
  const start = i;
  while (i < e && isDigit(b[i])) i++;
  let digits = i - start;
  if (i < e && b[i] === DOT) {
    const after = ++i;
    while (i < e && isDigit(b[i])) i++;
    digits += i - after;
  }
  if (digits === 0) return false;
  if (i < e && (b[i] === 101 || b[i] === 69)) {
    i++;
    if (i < e && (b[i] === PLUS || b[i] === MINUS)) i++;
    const from2 = i;
    while (i < e && isDigit(b[i])) i++;
    if (i === from2) return false;
  }
  return i === e;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * An ISO datetime both read as the same instant: `YYYY-MM-DD`, then optionally `[ T]HH:MM`,
 * `:SS`, `.f` to `.fff` and a `Z`, `±HH:MM` or `±HHMM` offset (up to 14 hours), every field in
 * range (year 1 on, a real day, hours to 23, seconds to 59: PostgreSQL reads `24:00` and a 60th
 * second as the next day or minute, Rama refuses the one and keeps the other in its minute).
 */
export function plainDatetime(b: Uint8Array, a: number, e: number): boolean {
  const n = e - a;
  if (n < 10) return false;
  const num = (at: number, width: number): number => digitsAt(b, at, width, e);
  const y = num(a, 4);
  const mo = num(a + 5, 2);
  const d = num(a + 8, 2);
  if (b[a + 4] !== MINUS || b[a + 7] !== MINUS || y < 1 || mo < 1 || mo > 12 || d < 1 || d > DAYS_IN_MONTH[mo - 1]) return false;
  if (mo === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return false;
  if (n === 10) return true;
  let i = a + 10;
  if ((b[i] !== SPACE && b[i] !== 84) || e - i < 6) return false;
  const h = num(i + 1, 2);
  const mi = num(i + 4, 2);
  if (b[i + 3] !== COLON || h < 0 || h > 23 || mi < 0 || mi > 59) return false;
  i += 6;
  if (i < e && b[i] === COLON) {
    if (e - i < 3) return false;
    const s = num(i + 1, 2);
    if (s < 0 || s > 59) return false;
    i += 3;
    if (i < e && b[i] === DOT) {
      i++;
      const from = i;
      while (i < e && isDigit(b[i])) i++;
      if (i === from || i - from > 3) return false;
    }
  }
  if (i === e) return true;
  if (b[i] === 90) return i + 1 === e;
  if (b[i] !== PLUS && b[i] !== MINUS) return false;
  const oh = num(i + 1, 2);
  if (oh < 0 || oh > 14) return false;
  i += 3;
  if (i < e && b[i] === COLON) i++;
  if (e - i !== 2) return false;
  const om = num(i, 2);
  return om >= 0 && om <= 59;
}

const CHECKS: Record<Exclude<UploadColumnKind, 'string'>, ((b: Uint8Array, a: number, e: number) => boolean) | null> = {
  integer: plainInteger,
  float: plainFloat,
  datetime: plainDatetime,
  // no engine's reading of true and false is checked: PostgreSQL's loader leaves such files to the exact path
  boolean: null,
};

class Failed extends Error {}

/** The check, fed the file's bytes in pieces (`push`) and ended (`end`). */
export class CsvByteCheck {
  private readonly delim: number;
  private readonly spellings: Buffer[][] = [];
  private readonly spellingStarts = new Uint8Array(256);
  private readonly longestSpelling: number;
  private readonly spelled: boolean[];
  /** the bytes being read: first the `held` bytes of an incomplete record, then the next piece */
  private work = Buffer.alloc(0);
  private held = 0;
  private first = true;
  private headerLeft: boolean;
  private inHeader = false;
  private line = 1;
  private records = 0;
  private failure: string | null = null;

  constructor(private readonly opts: CsvCheckOptions) {
    const d = opts.delimiter;
    this.delim = d.length === 1 ? d.charCodeAt(0) : -1;
    if (this.delim < 0 || this.delim > 127 || this.delim === QUOTE || this.delim === LF || this.delim === CR)
      this.failure = 'a delimiter the check does not read';
    this.headerLeft = opts.header;
    this.spelled = opts.kinds.map(() => false);
    let longest = 0;
    for (const text of opts.nullSpellings) {
      const bytes = Buffer.from(text, 'utf8');
      if (!bytes.length) continue;
      (this.spellings[bytes.length] ??= []).push(bytes);
      this.spellingStarts[bytes[0]] = 1;
      longest = Math.max(longest, bytes.length);
    }
    this.longestSpelling = longest;
  }

  /** the check has failed already (reading further changes nothing) */
  get failed(): boolean {
    return this.failure !== null;
  }

  /**
   * The next piece of the file. It is copied behind the record the last piece left incomplete, in
   * one buffer kept from piece to piece (grown only for a longer record): reading a large file
   * makes no garbage, which V8 would free only after tens of megabytes of it.
   */
  push(chunk: Uint8Array): void {
    if (this.failure !== null) return;
    const n = this.held + chunk.length;
    if (n > this.work.length) {
      const grown = Buffer.allocUnsafe(Math.max(n, 2 * this.work.length));
      this.work.copy(grown, 0, 0, this.held);
      this.work = grown;
    }
    this.work.set(chunk, this.held);
    const used = this.run(this.work.subarray(0, n), false);
    this.held = n - used;
    if (this.held) this.work.copyWithin(0, used, n);
    if (this.held > this.opts.maxRecordBytes) this.failure = `a row longer than the check reads on line ${this.line}`;
  }

  end(): CsvCheckResult {
    if (this.failure === null && this.held) this.run(this.work.subarray(0, this.held), true);
    this.held = 0;
    return this.failure !== null ? { ok: false, reason: this.failure } : { ok: true, records: this.records, spelled: this.spelled };
  }

  private run(b: Buffer, final: boolean): number {
    try {
      return this.parse(b, final);
    } catch (e) {
      if (!(e instanceof Failed)) throw e;
      this.failure = e.message;
      return b.length;
    }
  }

  private fail(why: string): never {
    throw new Failed(`${why} on line ${this.line}`);
  }

  /** whole records from `b`; returns where the first incomplete one starts */
  private parse(b: Buffer, final: boolean): number {
    const n = b.length;
    const delim = this.delim;
    let pos = 0;
    if (this.first) {
      if (n < 3 && !final) return 0;
      if (n >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) pos = 3;
      this.first = false;
    }
    while (pos < n) {
      const start = pos;
      let lines = 0;
      let col = 0;
      let blank = false;
      this.inHeader = this.headerLeft;
      for (;;) {
        if (pos < n && b[pos] === QUOTE) {
          let from = pos + 1;
          let escaped = false;
          let close = -1;
          for (;;) {
            const q = b.indexOf(QUOTE, from);
            if (q === -1) break;
            if (q + 1 < n && b[q + 1] === QUOTE) {
              escaped = true;
              from = q + 2;
              continue;
            }
            if (q + 1 === n && !final) break; // a doubled quote may follow in the next piece
            close = q;
            break;
          }
          if (close === -1) {
            if (!final) return start;
            this.fail('a quoted value that is not closed');
          }
          for (let i = b.indexOf(LF, pos); i !== -1 && i < close; i = b.indexOf(LF, i + 1)) lines++;
          this.value(col, b, pos + 1, close, escaped);
          if (col === 0 && close === pos + 1) blank = true;
          pos = close + 1;
          const c = pos < n ? b[pos] : -1;
          if (c === delim) {
            pos++;
            col++;
            blank = false;
            continue;
          }
          if (c === CR && pos + 1 === n && !final) return start;
          if (c === CR && pos + 1 < n && b[pos + 1] === LF) pos++;
          if (c === LF || c === CR) {
            pos++;
            break;
          }
          if (c === -1) {
            if (!final) return start;
            break;
          }
          this.fail('a quote followed by other characters');
        }
        // an unquoted value: up to the delimiter or the line break; a quote inside is read otherwise by the engine
        let i = pos;
        let c = -1;
        while (i < n) {
          c = b[i];
          if (c === delim || c === LF || c === QUOTE) break;
          i++;
        }
        if (i < n && c === QUOTE) this.fail('a quote inside an unquoted value');
        if (i === n && !final) return start;
        let end = i;
        if (c !== delim && end > pos && b[end - 1] === CR) end--;
        this.value(col, b, pos, end, false);
        if (i < n && c === delim) {
          pos = i + 1;
          col++;
          continue;
        }
        if (col === 0 && end === pos) blank = true;
        pos = i < n ? i + 1 : n;
        break;
      }
      this.line += lines + 1;
      // a blank line is skipped (the exact path's rule); the first other record is the header, where there is one
      if (blank) continue;
      if (this.inHeader) this.headerLeft = false;
      else this.records++;
    }
    return pos;
  }

  /** One value (bytes a..e, quotes taken off; `escaped`: it holds doubled quotes) of file column `col`. */
  private value(col: number, b: Buffer, a: number, e: number, escaped: boolean): void {
    if (this.inHeader || e === a || col >= this.opts.kinds.length) return;
    const kind = this.opts.kinds[col];
    if (kind === 'string') {
      const spelling =
        e - a <= this.longestSpelling * 2 &&
        this.spellingStarts[b[a]] === 1 &&
        (escaped ? this.isSpellingText(unescaped(b, a, e)) : this.isSpelling(b, a, e));
      if (spelling) this.spelled[col] = true;
      else if (this.opts.valueless[col]) this.fail(`a value in column ${col + 1}, which the first rows held none in`);
      return;
    }
    const check = CHECKS[kind];
    if (escaped || !check || !check(b, a, e)) this.fail(`a value of column ${col + 1} read otherwise than as a plain ${kind}`);
  }

  private isSpellingText(v: Uint8Array): boolean {
    return this.isSpelling(v, 0, v.length);
  }

  /** bytes a..e of `b` are a null spelling (compared in place: no object made per value) */
  private isSpelling(b: Uint8Array, a: number, e: number): boolean {
    const n = e - a;
    const same = n <= this.longestSpelling ? this.spellings[n] : undefined;
    if (!same) return false;
    next: for (const s of same) {
      for (let i = 0; i < n; i++) if (s[i] !== b[a + i]) continue next;
      return true;
    }
    return false;
  }
}

/** a quoted value's bytes with its doubled quotes made single */
function unescaped(b: Buffer, a: number, e: number): Uint8Array {
  const out = new Uint8Array(e - a);
  let n = 0;
  for (let i = a; i < e; i++) {
    out[n++] = b[i];
    if (b[i] === QUOTE) i++;
  }
  return out.subarray(0, n);
}
