import { describe, expect, it } from 'vitest';
import { AGGREGATE_FUNCTIONS, aggregateSpec, naturalCompare } from './aggregators.js';
import { METRIC_KEY, buildPivot, keyPart, pivotDimensions } from './pivot.js';

const fold = (name: string, values: unknown[]) => {
  const agg = aggregateSpec(name).base();
  values.forEach((v) => agg.push(v));
  return agg.value();
};

describe('pivot aggregation functions', () => {
  const xs = [4, 1, 3, null, 1, 'x'];
  it.each([
    ['Count', 6],
    ['Count Unique Values', 4],
    ['List Unique Values', '4, 1, 3, x'],
    ['Sum', 9],
    ['Average', 2.25],
    ['Median', 2],
    ['Minimum', 1],
    ['Maximum', 4],
    ['First', 1],
    ['Last', 'x'],
  ])('%s', (name, expected) => {
    expect(fold(name, xs)).toBe(expected);
  });

  it('sample variance and standard deviation divide by n - 1', () => {
    expect(fold('Sample Variance', [2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(32 / 7);
    expect(fold('Sample Standard Deviation', [2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7));
    expect(fold('Sample Variance', [3])).toBeNull();
  });

  it('a cell with no numbers is empty rather than 0', () => {
    expect(fold('Sum', [null, null])).toBeNull();
    expect(fold('Average', [])).toBeNull();
  });

  it('knows every function the control offers; an unknown one sums', () => {
    for (const name of AGGREGATE_FUNCTIONS) expect(aggregateSpec(name).base).toBeTypeOf('function');
    expect(aggregateSpec('Sum as Fraction of Rows')).toMatchObject({ fractionOf: 'row', numeric: true });
    expect(fold('Bogus', [1, 2])).toBe(3);
  });

  it('orders values naturally: numbers by value, then text, empty last', () => {
    expect([10, 'b', 2, null, 'a10', 'a9'].sort(naturalCompare)).toEqual([2, 10, 'a9', 'a10', 'b', null]);
  });
});

// flights: sum of delays by origin × year, two metrics
const records = [
  { origin: 'SEA', year: 2023, delay: 10, flights: 1 },
  { origin: 'SEA', year: 2024, delay: 30, flights: 3 },
  { origin: 'SFO', year: 2023, delay: 5, flights: 2 },
  { origin: 'LAX', year: 2024, delay: 40, flights: null },
];

describe('pivot dimensions', () => {
  it('puts metrics outermost on the columns by default, innermost when combined, on rows when asked', () => {
    const base = { groupbyRows: ['origin'], groupbyColumns: ['year'] };
    expect(pivotDimensions(base)).toEqual({ rows: ['origin'], cols: [METRIC_KEY, 'year'] });
    expect(pivotDimensions({ ...base, combineMetric: true })).toEqual({ rows: ['origin'], cols: ['year', METRIC_KEY] });
    expect(pivotDimensions({ ...base, metricsLayout: 'ROWS' })).toEqual({ rows: [METRIC_KEY, 'origin'], cols: ['year'] });
  });

  it('transpose swaps the row and column dimensions', () => {
    expect(pivotDimensions({ groupbyRows: ['origin'], groupbyColumns: ['year'], transposePivot: true })).toEqual({
      rows: ['year'],
      cols: [METRIC_KEY, 'origin'],
    });
  });
});

describe('pivot engine', () => {
  const sum = buildPivot(records, { rows: ['origin'], cols: [METRIC_KEY, 'year'], metrics: ['delay', 'flights'] });
  const k = (...v: unknown[]) => v.map(keyPart);

  it('lists row and column keys in key order, metrics in the chart order', () => {
    expect(sum.rowKeys).toEqual([['LAX'], ['SEA'], ['SFO']]);
    expect(sum.colKeys).toEqual([k('delay', 2023), k('delay', 2024), k('flights', 2023), k('flights', 2024)]);
  });

  it('aggregates cells, subtotals (prefixes) and totals', () => {
    expect(sum.value(['SEA'], k('delay', 2024))).toBe(30);
    expect(sum.value(['SEA'], ['delay'])).toBe(40);
    expect(sum.value([], ['delay'])).toBe(85);
    expect(sum.value([], k('delay', 2023))).toBe(15);
    // a missing combination, and a null metric value, are empty
    expect(sum.value(['SFO'], k('delay', 2024))).toBeNull();
    expect(sum.value(['LAX'], k('flights', 2024))).toBeNull();
  });

  it('counts values, not rows, where a metric is null', () => {
    const count = buildPivot(records, { rows: [], cols: [METRIC_KEY], metrics: ['delay', 'flights'], aggregateFunction: 'Count' });
    expect(count.rowKeys).toEqual([[]]);
    expect(count.value([], ['delay'])).toBe(4);
    expect(count.value([], ['flights'])).toBe(3);
  });

  it('fractions of the total, of the row and of the column', () => {
    const cfg = { rows: ['origin'], cols: ['year'], metrics: ['delay'] };
    const total = buildPivot(records, { ...cfg, aggregateFunction: 'Sum as Fraction of Total' });
    expect(total.value(['SEA'], k(2024))).toBeCloseTo(30 / 85);
    expect(total.value([], [])).toBe(1);
    const ofRows = buildPivot(records, { ...cfg, aggregateFunction: 'Sum as Fraction of Rows' });
    expect(ofRows.value(['SEA'], k(2023))).toBeCloseTo(0.25);
    expect(ofRows.value(['SEA'], [])).toBe(1);
    const ofCols = buildPivot(records, { ...cfg, aggregateFunction: 'Sum as Fraction of Columns' });
    expect(ofCols.value(['SFO'], k(2023))).toBeCloseTo(5 / 15);
    const countOfTotal = buildPivot(records, { ...cfg, aggregateFunction: 'Count as Fraction of Total' });
    expect(countOfTotal.value(['SEA'], [])).toBe(0.5);
    expect(total.isFraction).toBe(true);
  });

  it('orders keys z-a, or by their total value either way', () => {
    const cfg = { rows: ['origin'], cols: ['year'], metrics: ['delay'] };
    expect(buildPivot(records, { ...cfg, rowOrder: 'key_z_to_a' }).rowKeys).toEqual([['SFO'], ['SEA'], ['LAX']]);
    // totals: SEA 40, LAX 40, SFO 5 — ties fall back to the key
    expect(buildPivot(records, { ...cfg, rowOrder: 'value_a_to_z' }).rowKeys).toEqual([['SFO'], ['LAX'], ['SEA']]);
    expect(buildPivot(records, { ...cfg, rowOrder: 'value_z_to_a' }).rowKeys).toEqual([['LAX'], ['SEA'], ['SFO']]);
    // years sort as numbers, descending by value: 2024 (70) before 2023 (15)
    expect(buildPivot(records, { ...cfg, colOrder: 'value_z_to_a' }).colKeys).toEqual([k(2024), k(2023)]);
  });

  it('sorts nested keys within their group, groups by their own totals', () => {
    const nested = [
      { region: 'west', city: 'b', v: 1 },
      { region: 'west', city: 'a', v: 5 },
      { region: 'east', city: 'c', v: 2 },
    ];
    const p = buildPivot(nested, { rows: ['region', 'city'], cols: [], metrics: ['v'], rowOrder: 'value_z_to_a' });
    expect(p.rowKeys).toEqual([
      ['west', 'a'],
      ['west', 'b'],
      ['east', 'c'],
    ]);
    expect(p.colKeys).toEqual([[]]);
    expect(p.value(['west'], [])).toBe(6);
  });

  it('keeps null distinct from the text "null" and remembers the raw value', () => {
    const p = buildPivot(
      [
        { d: null, v: 1 },
        { d: 'null', v: 2 },
      ],
      { rows: ['d'], cols: [], metrics: ['v'] },
    );
    expect(p.rowKeys).toHaveLength(2);
    expect(p.raw('d', keyPart(null))).toBeNull();
    expect(p.raw('d', 'null')).toBe('null');
  });

  it('pivots a few thousand cells quickly', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ a: `a${i % 50}`, b: `b${i % 20}`, c: `c${i % 5}`, m: i, n: i % 7 }));
    const t0 = performance.now();
    const p = buildPivot(many, { rows: ['a', 'b'], cols: [METRIC_KEY, 'c'], metrics: ['m', 'n'], rowOrder: 'value_z_to_a' });
    const ms = performance.now() - t0;
    expect(p.rowKeys.length).toBe(100);
    expect(p.value([], [])).toBe(many.reduce((s, r) => s + r.m + r.n, 0));
    expect(ms).toBeLessThan(1000);
  });
});
