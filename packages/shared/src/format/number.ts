/**
 * Number formatters by the format a chart's controls hold (spec section 9: adaptive by default,
 * with duration and memory formats): the named formats of `NUMBER_FORMAT` or any d3-format
 * specifier. A formatter never throws: an unknown specifier falls back to the adaptive one.
 */
import { NUMBER_FORMAT } from './options.js';
import { formatLocaleNow, onFormatLanguageChange } from './locale.js';
import { formatDuration } from './duration.js';

export type NumberFormatter = (value: number | null | undefined) => string;

/** What a missing value shows as, in tooltips and tables alike. */
export const NULL_VALUE_TEXT = 'N/A';

/** The adaptive format's pieces in the current language's marks (rebuilt when it changes). */
function adaptivePieces() {
  const { number } = formatLocaleNow();
  return { si: number.format('.3~s'), fixed2: number.format('.2~f'), fixed4: number.format('.4~f') };
}
let pieces = adaptivePieces();

/** Adaptive: 12 → '12', 1234 → '1.23k', 5e9 → '5B', 0.00123 → '0.0012', 1.2e-5 → '12µ'. */
export function smartNumber(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  // people read billions as B, not the SI giga
  const { si, fixed2, fixed4 } = pieces;
  if (abs >= 1000) return si(value).replace('G', 'B');
  if (abs >= 1) return fixed2(value);
  if (abs >= 0.001) return fixed4(value);
  if (abs > 0.000001) return `${si(value * 1_000_000)}µ`;
  return si(value);
}

const DECIMAL_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'];

/** Bytes with a decimal (1000) or binary (1024) unit: 1024 → '1.024kB' / '1KiB' (the option labels' examples). */
export function formatMemory(bytes: number, binary: boolean, perSecond = false): string {
  const [units, base] = binary ? [BINARY_UNITS, 1024] : [DECIMAL_UNITS, 1000];
  let v = bytes;
  let i = 0;
  while (Math.abs(v) >= base && i < units.length - 1) {
    v /= base;
    i += 1;
  }
  const text = formatLocaleNow().number.format('~f')(Number.parseFloat(v.toFixed(3)));
  return `${text}${units[i]}${perSecond ? '/s' : ''}`;
}

const named: Record<string, (v: number) => string> = {
  [NUMBER_FORMAT.SMART_NUMBER]: smartNumber,
  [NUMBER_FORMAT.SMART_NUMBER_SIGNED]: (v) => (v > 0 ? `+${smartNumber(v)}` : smartNumber(v)),
  [NUMBER_FORMAT.DURATION]: (v) => formatDuration(v),
  [NUMBER_FORMAT.DURATION_SUB]: (v) => formatDuration(v, { subMilliseconds: true }),
  [NUMBER_FORMAT.DURATION_COL]: (v) => formatDuration(v, { colon: true }),
  [NUMBER_FORMAT.MEMORY_DECIMAL]: (v) => formatMemory(v, false),
  [NUMBER_FORMAT.MEMORY_BINARY]: (v) => formatMemory(v, true),
  [NUMBER_FORMAT.MEMORY_TRANSFER_RATE_DECIMAL]: (v) => formatMemory(v, false, true),
  [NUMBER_FORMAT.MEMORY_TRANSFER_RATE_BINARY]: (v) => formatMemory(v, true, true),
};

function d3Formatter(spec: string): ((v: number) => string) | null {
  try {
    return formatLocaleNow().number.format(spec);
  } catch {
    return null;
  }
}

function wrap(format: (v: number) => string): NumberFormatter {
  return (value) => {
    if (value === null || value === undefined) return NULL_VALUE_TEXT;
    const n = typeof value === 'number' ? value : Number(value);
    if (Number.isNaN(n)) return NULL_VALUE_TEXT;
    if (!Number.isFinite(n)) return n > 0 ? '∞' : '-∞';
    try {
      return format(n);
    } catch {
      return smartNumber(n);
    }
  };
}

const cache = new Map<string, NumberFormatter>();
onFormatLanguageChange(() => {
  pieces = adaptivePieces();
  cache.clear();
});

/** The formatter of a number format; empty or unknown formats are adaptive. Formatters are cached per format. */
export function getNumberFormatter(format?: string | null): NumberFormatter {
  const key = format?.trim() || NUMBER_FORMAT.SMART_NUMBER;
  let f = cache.get(key);
  if (!f) {
    f = wrap(named[key] ?? d3Formatter(key) ?? smartNumber);
    // formats are typed freely; a bound keeps a long session from growing the cache without end
    if (cache.size >= 500) cache.clear();
    cache.set(key, f);
  }
  return f;
}

export function formatNumber(format: string | null | undefined, value: number | null | undefined): string {
  return getNumberFormatter(format)(value);
}
