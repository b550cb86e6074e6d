/**
 * Durations in milliseconds as people read them, in the style of the pretty-ms package the BI
 * server's duration formats use: '1m 6s', '1ms 400µs 80ns' (sub-millisecond) and '0:10.5' (colon
 * notation). Written here rather than depending on pretty-ms so the shared package stays small.
 */

export interface DurationOptions {
  /** split below a millisecond into µs and ns ('1ms 400µs 80ns') */
  subMilliseconds?: boolean;
  /** 'h:mm:ss.s' ('0:10.5') */
  colon?: boolean;
}

interface Parts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  milliseconds: number;
  microseconds: number;
  nanoseconds: number;
}

/** Splits a non-negative ms value; the fraction is rounded to whole ns so 1.40008 does not become 79ns. */
function parse(ms: number): Parts {
  let whole = Math.trunc(ms);
  let subNs = Math.round((ms - whole) * 1e6);
  if (subNs >= 1e6) {
    whole += 1;
    subNs -= 1e6;
  }
  return {
    days: Math.trunc(whole / 86_400_000),
    hours: Math.trunc(whole / 3_600_000) % 24,
    minutes: Math.trunc(whole / 60_000) % 60,
    seconds: Math.trunc(whole / 1000) % 60,
    milliseconds: whole % 1000,
    microseconds: Math.trunc(subNs / 1000),
    nanoseconds: subNs % 1000,
  };
}

/** Floors to `digits` decimals (a value shown as 59.99s never reads as 60.0s). */
function floorDecimals(value: number, digits: number): string {
  const scale = 10 ** digits;
  return (Math.floor(value * scale + 1e-7) / scale).toFixed(digits);
}

export function formatDuration(ms: number, options: DurationOptions = {}): string {
  if (!Number.isFinite(ms)) return String(ms);
  if (ms < 0) return `-${formatDuration(-ms, options)}`;
  const { colon = false, subMilliseconds = false } = options;
  const result: string[] = [];
  const add = (value: number, unit: string, text?: string) => {
    // colon notation always shows minutes ('0:10.5'); other zero units are left out
    if ((result.length === 0 || !colon) && value === 0 && !(colon && unit === 'm')) return;
    let s = text ?? String(value);
    if (colon) {
      const wholeDigits = s.split('.')[0].length;
      const minLength = result.length > 0 ? 2 : 1;
      s = '0'.repeat(Math.max(0, minLength - wholeDigits)) + s;
      result.push((result.length > 0 ? ':' : '') + s);
    } else {
      result.push(s + unit);
    }
  };
  const p = parse(ms);
  add(Math.trunc(p.days / 365), 'y');
  add(p.days % 365, 'd');
  add(p.hours, 'h');
  add(p.minutes, 'm');
  if (subMilliseconds || (!colon && ms < 1000)) {
    add(p.seconds, 's');
    if (subMilliseconds) {
      add(p.milliseconds, 'ms');
      add(p.microseconds, 'µs');
      add(p.nanoseconds, 'ns');
    } else {
      const below = p.milliseconds + p.microseconds / 1000 + p.nanoseconds / 1e6;
      add(below >= 1 ? Math.round(below) : Math.ceil(below), 'ms');
    }
  } else {
    const seconds = floorDecimals((ms / 1000) % 60, 1).replace(/\.0+$/, '');
    add(Number.parseFloat(seconds), 's', seconds);
  }
  if (result.length === 0) return '0ms';
  return result.join(colon ? '' : ' ');
}
