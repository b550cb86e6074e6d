import { describe, expect, it } from 'vitest';
import { newTimeTableColumn, type ChartDataQueryResult, type ExploreDatasource, type QueryFormData } from '@rama/shared';
import { rowLink, transformProps, type SparkCell, type ValueCell } from './transformProps';

const M = (m: number) => Date.UTC(2009, m - 1, 1);
/** Monthly average price of two stocks, as the legacy time-series query returns it. */
const reply = {
  colnames: ['__timestamp', 'symbol', 'avg_price'],
  coltypes: [2, 1, 0],
  data: [
    { __timestamp: M(1), symbol: 'MSFT', avg_price: 20 },
    { __timestamp: M(2), symbol: 'MSFT', avg_price: 25 },
    { __timestamp: M(3), symbol: 'MSFT', avg_price: 30 },
    { __timestamp: M(1), symbol: 'AAPL', avg_price: 90 },
    { __timestamp: M(2), symbol: 'AAPL', avg_price: 100 },
    { __timestamp: M(3), symbol: 'AAPL', avg_price: 90 },
  ],
  rowcount: 6,
} as unknown as ChartDataQueryResult;

const columns = [
  { ...newTimeTableColumn('a'), label: 'Trend', colType: 'spark', width: '120', height: '30' },
  {
    ...newTimeTableColumn('b'),
    label: 'vs last month',
    colType: 'time',
    timeLag: '1',
    comparisonType: 'perc_change',
    d3format: '+.1%',
    bounds: [0, null],
  },
  { ...newTimeTableColumn('c'), colType: 'contrib' },
];
const fd: QueryFormData = {
  datasource: '4__table',
  viz_type: 'time_table',
  granularity_sqla: 'date',
  time_grain_sqla: 'P1M',
  metrics: ['avg_price'],
  groupby: ['symbol'],
  column_collection: columns,
  url: '',
};
const datasource = {
  verbose_map: { avg_price: 'Average price' },
  metrics: [{ metric_name: 'avg_price', verbose_name: 'Average price', d3format: '$,.2f' }],
} as unknown as ExploreDatasource;
const run = (extra: Partial<QueryFormData> = {}, r = reply) =>
  transformProps({ formData: { ...fd, ...extra }, queriesData: [r], datasource, width: 800, height: 400 });

describe('time table transformProps', () => {
  it('grouped: a row per symbol with a sparkline, a comparison and a contribution column', () => {
    const p = run();
    expect(p.columns.map((c) => c.label)).toEqual(['Trend', 'vs last month', 'Contribution']);
    expect(p.rows.map((r) => r.label)).toEqual(['AAPL', 'MSFT']);
    const spark = p.rows[1].cells[0] as SparkCell;
    expect(spark).toMatchObject({ kind: 'spark', data: [20, 25, 30], width: 120, height: 30, sparkType: 'line' });
    expect(spark.times).toEqual(['2009-01', '2009-02', '2009-03']);
    expect(spark.format(30)).toBe('$30.00');
    expect(p.rows[1].cells[1]).toMatchObject({ kind: 'value', text: '+20.0%', color: '#0571b0' });
    expect(p.rows[0].cells[1]).toMatchObject({ text: '-10.0%', color: '#ca0020' });
    expect((p.rows[1].cells[2] as ValueCell).text).toBe('25.0%');
  });

  it('not grouped: a row per metric, named by its verbose name', () => {
    const r = {
      ...reply,
      colnames: ['__timestamp', 'avg_price', 'count'],
      data: [
        { __timestamp: M(1), avg_price: 50, count: 40 },
        { __timestamp: M(2), avg_price: 60, count: 42 },
      ],
    } as unknown as ChartDataQueryResult;
    const p = run({ groupby: [], metrics: ['avg_price', 'count'] }, r);
    expect(p.rows.map((row) => row.label)).toEqual(['Average price', 'count']);
    expect((p.rows[0].cells[1] as ValueCell).text).toBe('+20.0%');
  });

  it('the URL template links a row only to web or site addresses', () => {
    expect(rowLink('https://example.com/m/{{ metric.metric_name }}', { label: 'x', metric_name: 'avg price' })).toBe(
      'https://example.com/m/avg%20price',
    );
    expect(rowLink('/explore/?q={{metric}}', { label: 'a&b' })).toBe('/explore/?q=a%26b');
    expect(rowLink('javascript:alert({{metric}})', { label: 'x' })).toBeNull();
    expect(rowLink('//evil.example/{{metric}}', { label: 'x' })).toBeNull();
    expect(rowLink('', { label: 'x' })).toBeNull();
    expect(run({ url: 'https://x.test/{{ metric }}' }).rows[0].href).toBe('https://x.test/AAPL');
  });
});
