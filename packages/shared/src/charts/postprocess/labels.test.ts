import { describe, expect, it } from 'vitest';
import { escapeSeparator, flatColumnName, labelOf, pyFloatRepr, timestampLabel, unescapeSeparator } from './labels.js';

describe('series names spelled as the BI server spells them', () => {
  it('floats as Python writes them', () => {
    expect(pyFloatRepr(2.5)).toBe('2.5');
    expect(pyFloatRepr(10)).toBe('10.0');
    expect(pyFloatRepr(-0)).toBe('-0.0');
    expect(pyFloatRepr(0.0001)).toBe('0.0001');
    expect(pyFloatRepr(0.00001)).toBe('1e-05');
    expect(pyFloatRepr(1.5e-7)).toBe('1.5e-07');
    expect(pyFloatRepr(1e16)).toBe('1e+16');
    expect(pyFloatRepr(1234567890123456.7)).toBe('1234567890123456.8');
    expect(pyFloatRepr(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(pyFloatRepr(NaN)).toBe('nan');
    expect(pyFloatRepr(-Infinity)).toBe('-inf');
  });

  it('times as pandas Timestamps, milliseconds as microseconds', () => {
    expect(timestampLabel(Date.UTC(2023, 0, 1))).toBe('2023-01-01 00:00:00');
    expect(timestampLabel(Date.UTC(2023, 0, 1, 13, 5, 9, 250))).toBe('2023-01-01 13:05:09.250000');
  });

  it('values: text as is, whole numbers as integers, booleans capitalised, missing as no label', () => {
    expect(labelOf('SEA', false)).toBe('SEA');
    expect(labelOf(2020, false)).toBe('2020');
    expect(labelOf(2020, false, true)).toBe('2020.0');
    expect(labelOf(1.5, false)).toBe('1.5');
    expect(labelOf(false, false)).toBe('False');
    expect(labelOf(null, false)).toBeNull();
    expect(labelOf(Date.UTC(2023, 5, 1), true)).toBe('2023-06-01 00:00:00');
  });

  it('flattened names join levels with ", ", escape commas inside a level and skip dropped levels', () => {
    expect(flatColumnName(['m'])).toBe('m');
    expect(flatColumnName(['m', 'a, b'])).toBe('m, a\\, b');
    expect(flatColumnName([null, 'SEA'])).toBe('SEA');
    expect(unescapeSeparator(escapeSeparator('a, b,c'))).toBe('a, b,c');
  });
});
