import { describe, expect, it } from 'vitest';
import { sortTTestRows, tTestRows, type TTestSeries } from './tTestTable';

const series: TTestSeries[] = [
  { group: ['ATL'], values: [12.1, 14.3, 11.8, 15.2, 13.9, 12.7, 14.8, 13.1] },
  { group: ['ORD'], values: [11.4, 13.9, 12.2, 14.1, 13.0, 12.1, 13.7, 12.8] },
  { group: ['DFW'], values: [12.0, 14.4, 11.9, 15.0, 14.1, 12.6, 14.9, 13.0] },
];
const options = { alpha: 0.05, pValuePrecision: 6, liftPrecision: 4 };

describe('t-test table rows', () => {
  it('the control row says control; the others show p-value and lift to the chosen decimals', () => {
    const rows = tTestRows(series, 0, options);
    expect(rows[0]).toMatchObject({ isControl: true, pValue: 'control', lift: 'control', significant: 'control', pStatus: 'control' });
    expect(rows[1].pValue).toBe('0.012356');
    const lift =
      ((series[1].values as number[]).reduce((a, b) => a + b) / (series[0].values as number[]).reduce((a, b) => a + b) - 1) * 100;
    expect(rows[1].lift).toBe(lift.toFixed(4));
    expect(rows[1]).toMatchObject({ significant: true, liftStatus: 'negative', pStatus: '' });
    expect(rows[2].significant).toBe(false);
  });

  it('another control recomputes every row against it', () => {
    const rows = tTestRows(series, 1, options);
    expect(rows[1].pValue).toBe('control');
    expect(rows[0]).toMatchObject({ pValue: '0.012356', liftStatus: 'positive' });
  });

  it('a p-value that cannot be computed is shown as NaN, marked invalid and not significant', () => {
    const rows = tTestRows(
      [
        { group: ['a'], values: [1, 2] },
        { group: ['b'], values: [1, 2] },
      ],
      0,
      { ...options, pValuePrecision: 3 },
    );
    expect(rows[1]).toMatchObject({ pValue: 'NaN', pStatus: 'invalid', significant: false });
  });

  it('sorts with the control first: p-values ascending, lifts descending, significant first', () => {
    const rows = tTestRows(series, 0, options);
    expect(sortTTestRows(rows, { kind: 'pValue' }, false).map((r) => r.group[0])).toEqual(['ATL', 'ORD', 'DFW']);
    expect(sortTTestRows(rows, { kind: 'pValue' }, true).map((r) => r.group[0])).toEqual(['ATL', 'DFW', 'ORD']);
    expect(sortTTestRows(rows, { kind: 'lift' }, false).map((r) => r.group[0])).toEqual(['ATL', 'DFW', 'ORD']);
    expect(sortTTestRows(rows, { kind: 'significant' }, false).map((r) => r.group[0])).toEqual(['ATL', 'ORD', 'DFW']);
    expect(sortTTestRows(rows, { kind: 'group', index: 0 }, false).map((r) => r.group[0])).toEqual(['ATL', 'DFW', 'ORD']);
  });
});
