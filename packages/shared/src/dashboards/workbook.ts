/**
 * A dashboard as one Excel workbook (issue 30 item 2): the rules the server writes it by and the
 * web app asks for it with. Sheet names from chart titles (Excel's rules: at most 31 characters,
 * none of `[ ] : * ? / \`, unique without regard to case, never blank), the chart's d3 number and
 * time formats as native Excel number formats, and the download's address and file name.
 */
import { formatSpecifier } from 'd3-format';
import { currencySymbol, type Currency } from '../format/currency.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The first sheet: the dashboard, the time of export, the filters applied and a link to each chart's sheet. */
export const WORKBOOK_SUMMARY_SHEET = 'Dashboard';
/** Sheets a workbook holds for charts at most (a dashboard's layout is bounded too; this bounds the work). */
export const WORKBOOK_MAX_CHARTS = 100;
/** Excel's own limit on a sheet's rows (the header row included). */
export const EXCEL_MAX_ROWS = 1_048_576;
export const EXCEL_MAX_SHEET_NAME = 31;

/**
 * `GET /api/v1/dashboard/{id_or_slug}/workbook/` with an optional rison `q`:
 * `(dataMask:(…), activeTabs:!(…))` — the viewer's filter values and cross-filters (the
 * permalink's `dataMask` shape) and the tabs showing — or `(native_filters_key:…, activeTabs:…)`,
 * the key the values are stored under. Without either the filters' defaults apply; without
 * `activeTabs` the first tabs.
 */
export const DASHBOARD_WORKBOOK_ROUTE = '/api/v1/dashboard/:id/workbook/';
/** The longest `q` the route takes (an address holds a few KB); a longer selection goes by its key. */
export const WORKBOOK_QUERY_MAX_CHARS = 8192;

export function dashboardWorkbookUrl(idOrSlug: number | string, q?: string | null): string {
  const base = `/api/v1/dashboard/${encodeURIComponent(String(idOrSlug))}/workbook/`;
  return q ? `${base}?q=${encodeURIComponent(q)}` : base;
}

const FORBIDDEN_IN_SHEET_NAME = /[[\]:*?/\\]/g;
const CONTROL = /[\u0000-\u001f\u007f]/g;
/** Names Excel keeps for itself or this workbook's first sheet. */
const RESERVED = new Set(['history', WORKBOOK_SUMMARY_SHEET.toLowerCase()]);

const cut = (text: string, max: number): string =>
  [...text]
    .slice(0, max)
    .join('')
    .replace(/['\s]+$/, '');

/**
 * One sheet name from a title: Excel's forbidden characters and runs of white space become one
 * space, other control characters go, no apostrophe or space at either end, at most 31 characters.
 * Blank → `Chart`.
 */
export function sheetNameFromTitle(title: string | null | undefined): string {
  const cleaned = (title ?? '')
    .replace(FORBIDDEN_IN_SHEET_NAME, ' ')
    .replace(/\s+/g, ' ')
    .replace(CONTROL, '')
    .replace(/^['\s]+|['\s]+$/g, '');
  return cut(cleaned, EXCEL_MAX_SHEET_NAME) || 'Chart';
}

/**
 * The chart sheets' names, in order: each from its title (`sheetNameFromTitle`); a name taken
 * already (Excel compares without case), or the first sheet's or Excel's reserved `History`, gets
 * ` (2)`, ` (3)`… with the title cut so that the whole stays within 31 characters.
 */
export function workbookSheetNames(titles: readonly (string | null | undefined)[]): string[] {
  const taken = new Set(RESERVED);
  return titles.map((title) => {
    const base = sheetNameFromTitle(title);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) {
      const suffix = ` (${n})`;
      name = `${cut(base, EXCEL_MAX_SHEET_NAME - suffix.length)}${suffix}`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}

/** A reference to a sheet in a hyperlink or formula: quoted, apostrophes doubled (`#'My sheet'!A1`). */
export function sheetLink(name: string): string {
  return `#'${name.replace(/'/g, "''")}'!A1`;
}

/**
 * A link to a sheet as a `HYPERLINK` formula (`HYPERLINK("#'Sales'!A1","Sales")`): Excel,
 * LibreOffice and Google Sheets all follow it within the file, which a hyperlink relationship
 * to `#…` (all a streaming writer can write) does not promise. Quotes in the text are doubled.
 */
export function sheetLinkFormula(name: string): string {
  const text = (v: string) => `"${v.replace(/"/g, '""')}"`;
  return `HYPERLINK(${text(sheetLink(name))},${text(name)})`;
}

/** Text inside an Excel format literal: quoted, quotes doubled ("\"€\""). */
const literal = (text: string) => (text ? `"${text.replace(/"/g, '""')}"` : '');

/**
 * A d3 number format as an Excel number format, or null where Excel has none (adaptive, SI
 * prefixes, significant digits, durations, memory sizes: those cells keep Excel's General):
 * - `,` thousands → `#,##0`; `.2f` → `0.00`; `~` trims trailing zeros (`0.##`);
 * - `%` → `0%` with its decimals; `e` → `0.00E+00`; `d` → `0`;
 * - `$` → a dollar sign before the number; `+` → a sign on positive numbers too;
 * - with a currency (the chart's `currency_format`, or the metric's), its symbol before or after
 *   the number and the format's own `$` or `%` dropped, as the chart shows it.
 */
export function excelNumberFormat(d3: string | null | undefined, currency?: Currency | null): string | null {
  if (!d3 || typeof d3 !== 'string') return currency ? excelNumberFormat(',.2f', currency) : null;
  let spec: ReturnType<typeof formatSpecifier>;
  try {
    spec = formatSpecifier(currency ? d3.replace(/[$%]/g, '') : d3);
  } catch {
    return currency ? excelNumberFormat(',.2f', currency) : null;
  }
  const type = spec.type || (spec.precision === undefined ? '' : 'g');
  const digits = (fallback: number) => {
    const p = spec.precision ?? fallback;
    return p > 0 ? `.${(spec.trim ? '#' : '0').repeat(Math.min(p, 15))}` : '';
  };
  const integer = spec.comma ? '#,##0' : '0';
  let body: string;
  switch (type) {
    case 'f':
      body = integer + digits(6);
      break;
    case '%':
      body = `${integer}${digits(6)}%`;
      break;
    case 'd':
      body = integer;
      break;
    case 'e':
      body = `0${digits(6)}E+00`;
      break;
    case '':
      // ",", "+," and the like: the number as it is, grouped
      if (!spec.comma) return currency ? excelNumberFormat(',.2f', currency) : null;
      body = spec.trim || spec.precision === undefined ? '#,##0.##########' : integer;
      break;
    default:
      // s (SI), r, g, n, x, o, b, c: no native equivalent
      return currency ? excelNumberFormat(',.2f', currency) : null;
  }
  let positive = body;
  if (currency) {
    const symbol = currencySymbol(currency.symbol);
    positive = currency.symbolPosition === 'suffix' ? `${body} ${literal(symbol)}` : `${literal(symbol)} ${body}`;
  } else if (spec.symbol === '$') positive = `"$"${body}`;
  if (spec.sign === '+') return `+${positive};-${positive};${positive}`;
  if (spec.sign === '(') return `${positive};(${positive})`;
  return positive;
}

const TIME_DIRECTIVES: Record<string, string> = {
  Y: 'yyyy',
  y: 'yy',
  m: 'mm',
  d: 'dd',
  e: 'd',
  b: 'mmm',
  B: 'mmmm',
  a: 'ddd',
  A: 'dddd',
  H: 'hh',
  I: 'hh',
  M: 'mm',
  S: 'ss',
  L: '.000',
  p: 'AM/PM',
  '%': '%',
};

/**
 * A d3 time format as an Excel date format (`%Y-%m-%d` → `yyyy-mm-dd`, `%d/%m/%Y %H:%M` →
 * `dd/mm/yyyy hh:mm`, `%b %Y` → `mmm yyyy`), or null where Excel has no equivalent (adaptive
 * formatting, week numbers, day of the year, quarters, epoch values): those cells then show
 * `yyyy-mm-dd hh:mm:ss`. Other text is kept as quoted literal text.
 */
export function excelDateFormat(d3: string | null | undefined): string | null {
  if (!d3 || typeof d3 !== 'string' || !d3.includes('%')) return null;
  let out = '';
  let text = '';
  const flush = () => {
    if (text) out += /^[ \-/:.,]+$/.test(text) ? text : literal(text);
    text = '';
  };
  for (let i = 0; i < d3.length; i += 1) {
    const ch = d3[i];
    if (ch !== '%') {
      text += ch;
      continue;
    }
    // %-d, %_d, %0d: padding modifiers
    let directive = d3[i + 1];
    let padded = true;
    if (directive === '-' || directive === '_' || directive === '0') {
      padded = directive === '0';
      i += 1;
      directive = d3[i + 1];
    }
    i += 1;
    const mapped = directive === undefined ? undefined : TIME_DIRECTIVES[directive];
    if (mapped === undefined) return null;
    if (directive === '%') {
      text += '%';
      continue;
    }
    flush();
    out += padded || mapped.length !== 2 || mapped === 'yy' ? mapped : mapped[0];
  }
  flush();
  // %I with %p: Excel's 12-hour clock; without %p Excel would show 24 hours, which the chart does not
  if (d3.includes('%I') && !d3.includes('%p')) return null;
  return out || null;
}

/**
 * The workbook's file name from the dashboard's title: what a file system takes (no `\ / : * ? " < > |`
 * or control characters, no dots or spaces at the ends), at most 100 characters, `.xlsx` added.
 * Sent RFC 6266 style with `contentDisposition`.
 */
export function workbookFileName(title: string | null | undefined): string {
  const base = cut(
    (title ?? '')
      .replace(/[\\/:*?"<>|]/g, ' ')
      .replace(CONTROL, '')
      .replace(/\s+/g, ' ')
      .replace(/^[.\s]+|[.\s]+$/g, ''),
    100,
  ).replace(/[.\s]+$/, '');
  return `${base || 'dashboard'}.xlsx`;
}

/**
 * `Content-Disposition` for a download named `filename`: an ASCII fallback (`filename="…"`, other
 * characters as `_`) and the exact name percent-encoded (`filename*=UTF-8''…`).
 */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
