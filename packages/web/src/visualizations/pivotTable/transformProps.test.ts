import { describe, expect, it } from 'vitest';
import type { ExploreDatasource, QueryFormData } from '@rama/shared';
import { transformPivotTableProps, type PivotTableChartProps } from './transformProps';
import { reply } from '../testReplies';

const result = reply(
  [
    { origin: 'SEA', month: Date.UTC(2024, 0, 1), 'SUM(delay)': 1000, count: 10 },
    { origin: 'SEA', month: Date.UTC(2024, 1, 1), 'SUM(delay)': 3000, count: 30 },
    { origin: 'SFO', month: Date.UTC(2024, 0, 1), 'SUM(delay)': 500, count: 20 },
    { origin: 'SFO', month: Date.UTC(2024, 1, 1), 'SUM(delay)': 1500, count: 40 },
  ],
  ['origin', 'month', 'SUM(delay)', 'count'],
  [1, 2, 0, 0],
);

const datasource = { verbose_map: { origin: 'Origin', count: 'Flights' }, column_formats: { count: ',d' } } as unknown as ExploreDatasource;

const fd = (over: Record<string, unknown> = {}): QueryFormData => ({
  viz_type: 'pivot_table_v2',
  datasource: '1__table',
  groupbyRows: ['origin'],
  groupbyColumns: ['month'],
  metrics: [{ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'delay' } }, 'count'],
  date_format: '%Y-%m',
  ...over,
});

const run = (over: Record<string, unknown> = {}): PivotTableChartProps =>
  transformPivotTableProps({ formData: fd(over), queriesData: [result], width: 600, height: 400, datasource });

const texts = (p: PivotTableChartProps) => p.cells.map((r) => r.map((c) => c.text));

describe('pivot table transformProps', () => {
  it('puts metrics over the months on the columns, with verbose names and the date format', () => {
    const p = run();
    expect(p.rowDimLabels).toEqual(['Origin']);
    expect(p.colDimLabels).toEqual(['Metric', 'month']);
    expect(p.colHeaders.map((level) => level.map((h) => [h.text, h.span]))).toEqual([
      [
        ['SUM(delay)', 2],
        ['Flights', 2],
      ],
      [
        ['2024-01', 1],
        ['2024-02', 1],
        ['2024-01', 1],
        ['2024-02', 1],
      ],
    ]);
    expect(p.rowHeaders.map((cells) => cells.map((h) => h.text))).toEqual([['SEA'], ['SFO']]);
  });

  it('formats each metric with its saved format, else the value format', () => {
    expect(texts(run({ valueFormat: '$,.0f' }))).toEqual([
      ['$1,000', '$3,000', '10', '30'],
      ['$500', '$1,500', '20', '40'],
    ]);
  });

  it("adds a 'Total (Sum)' column for rowTotals and a total row for colTotals", () => {
    const p = run({ rowTotals: true, colTotals: true });
    expect(p.colHeaders[0].at(-1)).toMatchObject({ text: 'Total (Sum)', kind: 'total', depthSpan: 2 });
    expect(p.rowHeaders.at(-1)?.[0]).toMatchObject({ text: 'Total (Sum)', kind: 'total' });
    expect(p.rowKinds).toEqual(['leaf', 'leaf', 'total']);
    // the total column mixes both metrics: the value format (adaptive) applies
    expect(texts(p)[0].at(-1)).toBe('4.04k');
    expect(texts(p)[2].slice(0, 4)).toEqual(['1.5k', '4.5k', '30', '70']);
  });

  it('subtotals per metric group on the columns', () => {
    const p = run({ colSubTotals: true });
    expect(p.colKinds).toEqual(['leaf', 'leaf', 'subtotal', 'leaf', 'leaf', 'subtotal']);
    expect(p.colHeaders[1].filter((h) => h.kind === 'subtotal').map((h) => h.text)).toEqual(['Subtotal', 'Subtotal']);
    expect(texts(p)[0]).toEqual(['1k', '3k', '4k', '10', '30', '40']);
  });

  it('names the total after the aggregation and shows fractions as percentages', () => {
    const p = run({ aggregateFunction: 'Sum as Fraction of Rows', rowTotals: true, metrics: ['count'] });
    expect(p.colHeaders[0].at(-1)?.text).toBe('Total (Sum as Fraction of Rows)');
    expect(texts(p)[0]).toEqual(['25.0%', '75.0%', '100.0%']);
  });

  it('transposes: the months become rows', () => {
    const p = run({ transposePivot: true, metrics: ['count'] });
    expect(p.rowHeaders.map((cells) => cells.map((h) => h.text))).toEqual([['2024-01'], ['2024-02']]);
    expect(p.colHeaders[1].map((h) => h.text)).toEqual(['SEA', 'SFO']);
    expect(texts(p)).toEqual([
      ['10', '20'],
      ['30', '40'],
    ]);
  });

  it('metrics on the rows, combined innermost', () => {
    const p = run({ metricsLayout: 'ROWS', combineMetric: true });
    expect(p.rowDimLabels).toEqual(['Origin', 'Metric']);
    expect(p.rowHeaders.map((cells) => cells.map((h) => h.text))).toEqual([
      ['SEA', 'SUM(delay)'],
      ['Flights'],
      ['SFO', 'SUM(delay)'],
      ['Flights'],
    ]);
  });

  it('colours leaf cells of the rule’s metric by conditional formatting', () => {
    const p = run({ conditional_formatting: [{ column: 'count', operator: '>', targetValue: 25, colorScheme: '#ff0000' }] });
    expect(p.cells[0][2].background).toBeUndefined();
    expect(p.cells[1][3].background).toBe('rgba(255,0,0,1)');
    expect(p.cells[0][3].background).toBe('rgba(255,0,0,0.37)');
    // the other metric is untouched
    expect(p.cells[0][1].background).toBeUndefined();
  });

  it('orders rows by value when asked', () => {
    const p = run({ rowOrder: 'value_z_to_a', metrics: ['count'] });
    expect(p.rowHeaders.map((cells) => cells[0].text)).toEqual(['SFO', 'SEA']);
  });
});

describe('pivot table currency', () => {
  it("writes the chart's currency_format, else each metric's saved currency, on the values", () => {
    const chart = run({ valueFormat: ',.0f', currency_format: { symbol: 'EUR', symbolPosition: 'suffix' } });
    expect(texts(chart)[0]).toEqual(['1,000 €', '3,000 €', '10 €', '30 €']);
    const saved = transformPivotTableProps({
      formData: fd({ valueFormat: ',.0f' }),
      queriesData: [result],
      width: 600,
      height: 400,
      datasource: { ...datasource, currency_formats: { count: { symbol: 'USD', symbolPosition: 'prefix' } } } as ExploreDatasource,
    });
    expect(texts(saved)[0]).toEqual(['1,000', '3,000', '$ 10', '$ 30']);
  });
});
