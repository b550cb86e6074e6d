import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, ExploreDatasource, QueryFormData } from '@rama/shared';
import { cellText } from './tableModel';
import { queryModeOf, splitQueries, transformTableProps } from './transformProps';
import type { TableChartProps } from './types';
import { reply } from '../testReplies';

const datasource = {
  verbose_map: { origin: 'Origin airport', 'AVG(delay)': 'Average delay', count: 'Flights' },
  column_formats: { count: ',d' },
} as unknown as ExploreDatasource;

const main = reply(
  [
    { origin: 'SEA', ds: Date.UTC(2024, 0, 15), count: 1234, 'AVG(delay)': -2.5, '%count': 0.25 },
    { origin: 'SFO', ds: Date.UTC(2024, 1, 1), count: 3702, 'AVG(delay)': 7.25, '%count': 0.75 },
    { origin: null, ds: null, count: null, 'AVG(delay)': null, '%count': null },
  ],
  ['origin', 'ds', 'count', 'AVG(delay)', '%count'],
  [1, 2, 0, 0, 0],
);

const fd = (over: Record<string, unknown> = {}): QueryFormData => ({
  viz_type: 'table',
  datasource: '1__table',
  query_mode: 'aggregate',
  groupby: ['origin', 'ds'],
  metrics: ['count', { expressionType: 'SIMPLE', aggregate: 'AVG', column: { column_name: 'delay' } }],
  percent_metrics: ['count'],
  ...over,
});

const run = (formData: QueryFormData, queries: ChartDataQueryResult[] = [main]): TableChartProps =>
  transformTableProps({ formData, queriesData: queries, width: 800, height: 400, datasource });

const text = (p: TableChartProps, key: string, row: number) => {
  const c = p.columns.find((x) => x.key === key)!;
  return cellText(c, p.data[row][key]);
};

describe('table transformProps', () => {
  it('labels columns with verbose names and percent metrics as %<name>', () => {
    const p = run(fd());
    expect(p.columns.map((c) => c.label)).toEqual(['Origin airport', 'ds', 'Flights', 'Average delay', '%Flights']);
    expect(p.columns.map((c) => c.align)).toEqual(['left', 'left', 'right', 'right', 'right']);
  });

  it('formats metrics with the saved d3 format, else adaptively; percent metrics as .3%', () => {
    const p = run(fd());
    expect(text(p, 'count', 1)).toBe('3,702');
    expect(text(p, 'AVG(delay)', 1)).toBe('7.25');
    expect(text(p, '%count', 0)).toBe('25.000%');
    expect(text(p, 'count', 2)).toBe('N/A');
  });

  it('column_config overrides a metric format and a column label', () => {
    const p = run(fd({ column_config: { count: { d3NumberFormat: '.2s', customColumnName: 'N' }, '%count': { d3NumberFormat: '.0%' } } }));
    expect(text(p, 'count', 0)).toBe('1.2k');
    expect(p.columns.find((c) => c.key === 'count')?.label).toBe('N');
    expect(text(p, '%count', 1)).toBe('75%');
  });

  it('formats temporal columns with the table timestamp format, a column time format winning', () => {
    expect(text(run(fd({ table_timestamp_format: '%Y-%m-%d' })), 'ds', 0)).toBe('2024-01-15');
    expect(text(run(fd({ column_config: { ds: { d3TimeFormat: '%d/%m/%Y' } } })), 'ds', 1)).toBe('01/02/2024');
    // adaptive by default: a month start reads as the month
    expect(text(run(fd()), 'ds', 1)).toBe('February');
  });

  it('hides a metric asked for only as a percentage', () => {
    const p = run(fd({ metrics: ['AVG(delay)'], percent_metrics: ['count'] }));
    expect(p.columns.map((c) => c.key)).toEqual(['origin', 'ds', 'AVG(delay)', '%count']);
  });

  it('computes %metric columns the server did not send, as shares of the column sum', () => {
    const plain = reply(
      [
        { origin: 'a', count: 1 },
        { origin: 'b', count: 3 },
      ],
      ['origin', 'count'],
      [1, 0],
    );
    const p = run(fd({ groupby: ['origin'], metrics: ['count'], percent_metrics: ['count'] }), [plain]);
    expect(p.columns.map((c) => c.key)).toEqual(['origin', 'count', '%count']);
    expect(p.data.map((r) => r['%count'])).toEqual([0.25, 0.75]);
  });

  it('gives numeric metric columns cell bars by default, and none when turned off', () => {
    const p = run(fd());
    const avg = p.columns.find((c) => c.key === 'AVG(delay)')!;
    expect(avg.bar).toEqual({ range: [-2.5, 7.25], alignPositiveNegative: false, colorPositiveNegative: true });
    expect(p.columns.find((c) => c.key === 'origin')?.bar).toBeNull();
    expect(run(fd({ show_cell_bars: false })).columns.every((c) => c.bar === null)).toBe(true);
    const aligned = run(fd({ align_pn: true, color_pn: false })).columns.find((c) => c.key === 'AVG(delay)')!;
    expect(aligned.bar).toEqual({ range: [0, 7.25], alignPositiveNegative: true, colorPositiveNegative: false });
  });

  it('attaches conditional formatting rules to their column with the column range', () => {
    const p = run(fd({ conditional_formatting: [{ column: 'count', operator: '>', targetValue: 2000, colorScheme: '#ACE1C4' }] }));
    const count = p.columns.find((c) => c.key === 'count')!;
    expect(count.colorFormatters).toHaveLength(1);
    expect(count.colorFormatters[0](3702)).toBe('rgba(172,225,196,1)');
    expect(count.colorFormatters[0](1234)).toBeUndefined();
    expect(p.columns.find((c) => c.key === 'origin')?.colorFormatters).toEqual([]);
  });

  it('takes the totals row from the query without dimensions when show_totals is on', () => {
    const totals = reply([{ count: 4936, 'AVG(delay)': 2.4 }], ['count'], []);
    expect(run(fd({ show_totals: true }), [main, totals]).totals).toEqual({ count: 4936, 'AVG(delay)': 2.4 });
    expect(run(fd(), [main, totals]).totals).toBeNull();
  });

  it('server pagination: the row count comes from the count query, totals after it', () => {
    const count = reply([{ rowcount: 52 }], ['rowcount'], []);
    const totals = reply([{ count: 1 }], [], []);
    const p = run(fd({ server_pagination: true, server_page_length: 20, show_totals: true, page_length: 50 }), [main, count, totals]);
    expect(p.rowCount).toBe(52);
    expect(p.totals).toEqual({ count: 1 });
    expect(p.serverPageLength).toBe(20);
    // the server pages: no client pages on top
    expect(p.pageLength).toBe(0);
    expect(splitQueries([main, count], true).rowCount).toBe(52);
  });

  it('without server pagination the row count is the rows received, and options have their defaults', () => {
    const p = run(fd());
    expect(p.rowCount).toBe(3);
    expect(p).toMatchObject({ pageLength: 0, includeSearch: false, allowRearrangeColumns: false, serverPagination: false, totals: null });
    expect(run(fd({ page_length: '20', include_search: true })).pageLength).toBe(20);
  });

  it('raw mode shows columns in all_columns order, no metric formats, numbers as they are', () => {
    const raw = reply([{ id: 123456, name: 'x' }], ['id', 'name'], [0, 1]);
    const p = run({ viz_type: 'table', datasource: '1__table', all_columns: ['name', 'id'] }, [raw]);
    expect(queryModeOf({ all_columns: ['name'] })).toBe('raw');
    expect(p.columns.map((c) => c.key)).toEqual(['name', 'id']);
    expect(text(p, 'id', 0)).toBe('123456');
    // raw numeric columns still get bars
    expect(p.columns.find((c) => c.key === 'id')?.bar).not.toBeNull();
  });
});

describe('table currency', () => {
  it("writes a column's own currency (column_config currencyFormat) before the chart's and the metric's", () => {
    const p = run(
      fd({
        currency_format: { symbol: 'USD', symbolPosition: 'prefix' },
        column_config: { count: { currencyFormat: { symbol: 'EUR', symbolPosition: 'suffix' } } },
      }),
    );
    expect(text(p, 'count', 0)).toBe('1,234 €');
    // the chart's currency for the other metrics; never on a percentage
    expect(text(p, 'AVG(delay)', 0)).toBe('$ -2.5');
    expect(text(p, '%count', 0)).toBe('25.000%');
  });

  it('writes a currency on a raw numeric column only when its column sets one', () => {
    const raw = reply([{ id: 12, price: 9.5 }], ['id', 'price'], [0, 0]);
    const p = run(
      fd({
        query_mode: 'raw',
        all_columns: ['id', 'price'],
        column_config: { price: { d3NumberFormat: ',.2f', currencyFormat: { symbol: 'GBP', symbolPosition: 'prefix' } } },
      }),
      [raw],
    );
    expect(text(p, 'price', 0)).toBe('£ 9.50');
    expect(text(p, 'id', 0)).toBe('12');
  });
});
