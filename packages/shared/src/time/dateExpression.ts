/**
 * The date expression language of the time range's advanced mode, as the BI server reads it:
 *
 *   DATETIME("<human date>")              DATEADD(<date>, <int>, <unit>)
 *   DATETRUNC(<date>, <unit>)             LASTDAY(<date>, year|quarter|month|week|day)
 *   DATEDIFF(<date>, <date>[, year|day])  (an <int>: whole days, or calendar years)
 *
 * Names and units are case-insensitive, strings take single or double quotes, a trailing comma
 * inside the parentheses is allowed, and expressions nest. Weeks start on Monday.
 */
import { addUnits, daysBetween, isTimeUnit, lastDayOf, truncateTo, type TimeUnit } from './calendar.js';
import { BoundError } from './errors.js';
import { parseHumanDate, type Clock } from './humanDate.js';

type Token =
  | { kind: 'word'; text: string; at: number }
  | { kind: 'int'; value: number; at: number }
  | { kind: 'string'; text: string; at: number }
  | { kind: 'punct'; text: '(' | ')' | ','; at: number };

/** True when the text is meant as an expression (starts with one of the function names). */
export function looksLikeExpression(text: string): boolean {
  return /^\s*(DATETIME|DATEADD|DATETRUNC|LASTDAY|DATEDIFF|HOLIDAY)\b/i.test(text);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: 'punct', text: ch, at: i });
      i++;
    } else if (ch === '"' || ch === "'") {
      const end = text.indexOf(ch, i + 1);
      if (end < 0) throw new BoundError(`is not a valid expression: the quote at position ${i + 1} is not closed`);
      tokens.push({ kind: 'string', text: text.slice(i + 1, end), at: i });
      i = end + 1;
    } else {
      const m = /^(?:[+-]?\d+|[A-Za-z_]+)/.exec(text.slice(i));
      if (!m) throw new BoundError(`is not a valid expression: unexpected "${ch}" at position ${i + 1}`);
      const word = m[0];
      if (/\d/.test(word)) tokens.push({ kind: 'int', value: Number(word), at: i });
      else tokens.push({ kind: 'word', text: word, at: i });
      i += word.length;
    }
  }
  return tokens;
}

const describe = (t: Token | undefined) => (!t ? 'the end' : `"${t.kind === 'int' ? t.value : t.text}"`);

const DATE_FUNCTIONS = ['DATETIME', 'DATEADD', 'DATETRUNC', 'LASTDAY', 'HOLIDAY'];
const ALL_UNITS: readonly TimeUnit[] = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'];
const LASTDAY_UNITS = ['year', 'quarter', 'month', 'week', 'day'] as const;

class ExpressionReader {
  private pos = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly clock: Clock,
  ) {}

  private fail(expected: string): never {
    const t = this.tokens[this.pos];
    const where = t ? ` at position ${t.at + 1}` : '';
    throw new BoundError(`is not a valid expression: expected ${expected} but found ${describe(t)}${where}`);
  }

  private punct(p: '(' | ')' | ','): void {
    const t = this.tokens[this.pos];
    if (t?.kind !== 'punct' || t.text !== p) this.fail(`"${p}"`);
    this.pos++;
  }

  /** `)` after an optional trailing comma */
  private close(): void {
    const t = this.tokens[this.pos];
    if (t?.kind === 'punct' && t.text === ',') this.pos++;
    this.punct(')');
  }

  private unit(allowed: readonly TimeUnit[]): TimeUnit {
    const t = this.tokens[this.pos];
    const word = t?.kind === 'word' ? t.text.toLowerCase() : '';
    if (!isTimeUnit(word) || !allowed.includes(word)) this.fail(`a unit (${allowed.join(', ')})`);
    this.pos++;
    return word;
  }

  date(): Date {
    const t = this.tokens[this.pos];
    const name = t?.kind === 'word' ? t.text.toUpperCase() : '';
    if (!DATE_FUNCTIONS.includes(name)) this.fail('DATETIME, DATEADD, DATETRUNC or LASTDAY');
    this.pos++;
    this.punct('(');
    switch (name) {
      case 'DATETIME': {
        const t = this.tokens[this.pos];
        if (t?.kind !== 'string') this.fail('a quoted date');
        this.pos++;
        this.close();
        return this.human(t.text);
      }
      case 'DATEADD': {
        const base = this.date();
        this.punct(',');
        const amount = this.int();
        this.punct(',');
        const unit = this.unit(ALL_UNITS);
        this.close();
        return addUnits(base, amount, unit);
      }
      case 'DATETRUNC': {
        const base = this.date();
        this.punct(',');
        const unit = this.unit(ALL_UNITS);
        this.close();
        return truncateTo(base, unit);
      }
      case 'LASTDAY': {
        const base = this.date();
        this.punct(',');
        const unit = this.unit(LASTDAY_UNITS) as (typeof LASTDAY_UNITS)[number];
        this.close();
        return lastDayOf(base, unit);
      }
      default:
        // HOLIDAY() needs a holiday calendar per country, which Rama does not ship
        throw new BoundError('uses HOLIDAY(), which is not supported: write the date instead');
    }
  }

  private int(): number {
    const t = this.tokens[this.pos];
    if (t?.kind === 'int') {
      this.pos++;
      return t.value;
    }
    if (t?.kind === 'word' && t.text.toUpperCase() === 'DATEDIFF') {
      this.pos++;
      this.punct('(');
      const from = this.date();
      this.punct(',');
      const to = this.date();
      let unit: 'day' | 'year' = 'day';
      const next = this.tokens[this.pos];
      if (next?.kind === 'punct' && next.text === ',' && this.tokens[this.pos + 1]?.kind === 'word') {
        this.pos++;
        unit = this.unit(['day', 'year']) as 'day' | 'year';
      }
      this.close();
      return unit === 'year' ? to.getUTCFullYear() - from.getUTCFullYear() : daysBetween(from, to);
    }
    return this.fail('a whole number or DATEDIFF(...)');
  }

  private human(text: string): Date {
    try {
      return parseHumanDate(text, this.clock);
    } catch (e) {
      if (e instanceof BoundError) throw new BoundError(`is not a valid expression: DATETIME("${text}") — "${text}" ${e.reason}`);
      throw e;
    }
  }

  end(): void {
    if (this.pos < this.tokens.length) this.fail('the end of the expression');
  }
}

/** Evaluate one date expression; throws a BoundError naming what was expected and where. */
export function evaluateDateExpression(text: string, clock: Clock): Date {
  const reader = new ExpressionReader(tokenize(text), clock);
  const value = reader.date();
  reader.end();
  return value;
}
