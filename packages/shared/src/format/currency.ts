/**
 * Currency formats, as the BI server applies them: a metric's saved currency
 * (`{symbol: 'USD', symbolPosition: 'prefix'}`) or the chart's `currency_format` control puts the
 * currency's symbol before or after the number formatted with the chart's number format.
 */
import { getNumberFormatter, NULL_VALUE_TEXT, type NumberFormatter } from './number.js';

export interface Currency {
  /** an ISO 4217 code such as USD or EUR */
  symbol: string;
  symbolPosition: 'prefix' | 'suffix';
}

/** A currency value as form data or a dataset holds it: an object, or its JSON text. */
export function parseCurrency(value: unknown): Currency | null {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      return null;
    }
  }
  if (!v || typeof v !== 'object') return null;
  const { symbol, symbolPosition } = v as Record<string, unknown>;
  if (typeof symbol !== 'string' || !symbol.trim()) return null;
  return { symbol: symbol.trim(), symbolPosition: symbolPosition === 'suffix' ? 'suffix' : 'prefix' };
}

/** The symbol a currency code is written with in English ('$' for USD, '€' for EUR); the code itself if unknown. */
export function currencySymbol(code: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(1);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

/**
 * A number formatter that writes the currency's symbol before ("$ 1,234.00") or after
 * ("1,234.00 €") the number; the number format's own "$" or "%" is dropped as the BI server does.
 */
export function getCurrencyFormatter(currency: Currency, numberFormat?: string | null): NumberFormatter {
  const normalized = (numberFormat ?? '').replace(/[$%]/g, '');
  const format = getNumberFormatter(normalized);
  const symbol = currencySymbol(currency.symbol);
  return (value) => {
    if (value === null || value === undefined || Number.isNaN(value)) return NULL_VALUE_TEXT;
    const text = format(value);
    return currency.symbolPosition === 'suffix' ? `${text} ${symbol}` : `${symbol} ${text}`;
  };
}

/**
 * The formatter for a metric's values: the chart's `currency_format` when it names a currency, else
 * the metric's saved currency (`currencyFormats` by metric name), else the plain number format.
 */
export function metricValueFormatter(
  metric: string | null,
  numberFormat: string | null | undefined,
  currencyFormats: Record<string, unknown> | null | undefined,
  chartCurrency?: unknown,
): NumberFormatter {
  const chosen = parseCurrency(chartCurrency);
  if (chosen) return getCurrencyFormatter(chosen, numberFormat);
  const saved = metric === null ? null : parseCurrency(currencyFormats?.[metric]);
  if (saved) return getCurrencyFormatter(saved, numberFormat);
  return getNumberFormatter(numberFormat);
}

/**
 * The formatter for a chart's values when one axis or label shows several metrics: the chart's
 * `currency_format`, else the metrics' saved currency when they all have the same one, else the
 * plain number format (metrics in different currencies cannot share a symbol).
 */
export function chartValueFormatter(
  metrics: readonly string[],
  numberFormat: string | null | undefined,
  currencyFormats: Record<string, unknown> | null | undefined,
  chartCurrency?: unknown,
): NumberFormatter {
  const chosen = parseCurrency(chartCurrency);
  if (chosen) return getCurrencyFormatter(chosen, numberFormat);
  const saved = metrics.map((m) => parseCurrency(currencyFormats?.[m]));
  const first = saved[0];
  if (first && saved.every((c) => c && c.symbol === first.symbol && c.symbolPosition === first.symbolPosition))
    return getCurrencyFormatter(first, numberFormat);
  return getNumberFormatter(numberFormat);
}

/** Where the currency control puts the symbol, as the BI server's control offers it. */
export const CURRENCY_POSITION_CHOICES: [Currency['symbolPosition'], string][] = [
  ['prefix', 'Prefix'],
  ['suffix', 'Suffix'],
];

/** A few common codes, for a runtime without `Intl.supportedValuesOf`. */
const FALLBACK_CODES = ['AUD', 'BRL', 'CAD', 'CHF', 'CNY', 'EUR', 'GBP', 'INR', 'JPY', 'USD'];

/** The ISO 4217 codes the currency picker offers, in alphabetical order. */
export function currencyCodes(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  try {
    const codes = intl.supportedValuesOf?.('currency');
    if (codes && codes.length > 0) return [...codes].sort();
  } catch {
    // an older runtime: the common codes below
  }
  return FALLBACK_CODES;
}

/** A picker entry: the code and, when it has one, the symbol it is written with ("EUR (€)"). */
export function currencyOptionLabel(code: string): string {
  const symbol = currencySymbol(code);
  return symbol === code ? code : `${code} (${symbol})`;
}

/**
 * The `currency_format` value the control stores: the code and the position, or nothing when no
 * currency is chosen (the chart then writes its metrics' saved currency, or none).
 */
export function currencyControlValue(symbol: string | null | undefined, position: unknown): Currency | undefined {
  const code = typeof symbol === 'string' ? symbol.trim() : '';
  if (!code) return undefined;
  return { symbol: code, symbolPosition: position === 'suffix' ? 'suffix' : 'prefix' };
}
