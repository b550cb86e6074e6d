import { describe, expect, it } from 'vitest';
import {
  chartValueFormatter,
  currencyCodes,
  currencyControlValue,
  currencyOptionLabel,
  currencySymbol,
  getCurrencyFormatter,
  metricValueFormatter,
  parseCurrency,
} from './currency.js';

describe('currency formats', () => {
  it('writes the symbol before or after the number formatted with the number format', () => {
    expect(getCurrencyFormatter({ symbol: 'USD', symbolPosition: 'prefix' }, ',.2f')(1234.5)).toBe('$ 1,234.50');
    expect(getCurrencyFormatter({ symbol: 'EUR', symbolPosition: 'suffix' }, ',d')(1234)).toBe('1,234 €');
  });

  it("drops the number format's own $ and % so the symbol is not written twice", () => {
    expect(getCurrencyFormatter({ symbol: 'USD', symbolPosition: 'prefix' }, '$,.2f')(3)).toBe('$ 3.00');
    expect(getCurrencyFormatter({ symbol: 'GBP', symbolPosition: 'prefix' }, ',.1f%')(3)).toBe('£ 3.0');
  });

  it('writes an unknown code as it is, and a missing value as N/A', () => {
    expect(currencySymbol('XYZW')).toBe('XYZW');
    expect(getCurrencyFormatter({ symbol: 'USD', symbolPosition: 'prefix' }, ',d')(null)).toBe('N/A');
  });

  it('reads a currency from an object or its JSON text, and nothing from an empty symbol', () => {
    expect(parseCurrency('{"symbol":"JPY","symbolPosition":"suffix"}')).toEqual({ symbol: 'JPY', symbolPosition: 'suffix' });
    expect(parseCurrency({ symbol: 'USD' })).toEqual({ symbol: 'USD', symbolPosition: 'prefix' });
    expect(parseCurrency({ symbol: '' })).toBeNull();
    expect(parseCurrency('not json')).toBeNull();
  });

  it("prefers the chart's currency over the metric's saved one, and falls back to the number format", () => {
    const saved = { revenue: { symbol: 'USD', symbolPosition: 'prefix' } };
    expect(metricValueFormatter('revenue', ',d', saved)(10)).toBe('$ 10');
    expect(metricValueFormatter('revenue', ',d', saved, { symbol: 'EUR', symbolPosition: 'suffix' })(10)).toBe('10 €');
    expect(metricValueFormatter('count', ',d', saved)(10)).toBe('10');
  });

  it('shares a currency on one axis only when every metric has the same one', () => {
    const saved = { a: { symbol: 'USD', symbolPosition: 'prefix' }, b: { symbol: 'USD', symbolPosition: 'prefix' }, c: { symbol: 'EUR' } };
    expect(chartValueFormatter(['a', 'b'], ',d', saved)(1)).toBe('$ 1');
    expect(chartValueFormatter(['a', 'c'], ',d', saved)(1)).toBe('1');
    expect(chartValueFormatter(['a', ''], ',d', saved)(1)).toBe('1');
  });

  it('offers ISO codes in order, labelled with their symbol when they have one', () => {
    const codes = currencyCodes();
    expect(codes).toContain('USD');
    expect(codes).toContain('EUR');
    expect([...codes].sort()).toEqual(codes);
    expect(currencyOptionLabel('EUR')).toBe('EUR (€)');
    expect(currencyOptionLabel('XYZW')).toBe('XYZW');
  });

  it('stores the chosen code and position as currency_format, and nothing without a code', () => {
    expect(currencyControlValue('USD', 'suffix')).toEqual({ symbol: 'USD', symbolPosition: 'suffix' });
    expect(currencyControlValue(' GBP ', undefined)).toEqual({ symbol: 'GBP', symbolPosition: 'prefix' });
    expect(currencyControlValue('', 'prefix')).toBeUndefined();
    expect(currencyControlValue(null, 'suffix')).toBeUndefined();
  });
});
