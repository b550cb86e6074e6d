import { afterEach, describe, expect, it } from 'vitest';
import { formatNumber, formatTime, getNumberFormatter, setFormatLanguage, smartNumber, formatMemory } from './index.js';

// changes module state shared by every formatter: a file of its own (isolated graph)
afterEach(() => setFormatLanguage('en'));

const MARCH_3 = Date.UTC(2019, 2, 3); // a Sunday
const TUE_5_1PM = Date.UTC(2019, 2, 5, 13);

describe('numbers and dates in the reader’s language (issue 30 item 4)', () => {
  it('English: the d3 defaults with an ASCII minus', () => {
    expect(formatNumber(',.2f', -1234567.891)).toBe('-1,234,567.89');
    expect(smartNumber(1234)).toBe('1.23k');
    expect(formatTime('%B %Y', MARCH_3)).toBe('March 2019');
    expect(formatTime('smart_date', MARCH_3)).toBe('Mar 03');
    expect(formatTime('smart_date', TUE_5_1PM)).toBe('01 PM');
  });

  it('French: comma decimals, narrow no-break space groups, French month names, 24-hour adaptive times', () => {
    setFormatLanguage('fr');
    expect(formatNumber(',.2f', -1234567.891)).toBe('-1\u202f234\u202f567,89');
    expect(smartNumber(1234)).toBe('1,23k');
    expect(formatNumber('.1%', 0.256)).toBe('25,6\u202f%');
    expect(formatTime('%B %Y', MARCH_3)).toBe('mars 2019');
    expect(formatTime('smart_date', MARCH_3)).toBe('03 mars');
    expect(formatTime('smart_date', TUE_5_1PM)).toBe('13h');
    expect(formatMemory(1500, false)).toBe('1,5kB');
  });

  it('German: point groups, comma decimals, German names', () => {
    setFormatLanguage('de');
    expect(formatNumber(',.2f', 1234567.891)).toBe('1.234.567,89');
    expect(getNumberFormatter('SMART_NUMBER')(0.5)).toBe('0,5');
    expect(formatTime('%A %d %B', MARCH_3)).toBe('Sonntag 03 März');
    expect(formatTime('smart_date', TUE_5_1PM)).toBe('13 Uhr');
  });

  it('a formatter fetched before the switch is not kept: the cache starts again per language', () => {
    const before = getNumberFormatter(',.1f');
    expect(before(1234.5)).toBe('1,234.5');
    setFormatLanguage('de');
    expect(getNumberFormatter(',.1f')(1234.5)).toBe('1.234,5');
    setFormatLanguage('en');
    expect(getNumberFormatter(',.1f')(1234.5)).toBe('1,234.5');
  });
});
