import { describe, expect, it } from 'vitest';
import { grainBucket, parseTimeRange, type ExploreDatasource, type QueryFormData } from '@rama/shared';
import {
  DRILL_DETAIL_PAGE_SIZE,
  canDrillBy,
  chartDimensions,
  drillAdhocFilters,
  drillByBreadcrumbs,
  drillByColumns,
  drillByFormData,
  drillDetailQueryContext,
  drillOptionsOf,
  regroupedFormData,
  searchColumns,
  timeGrainOf,
  type DrillFilter,
  type DrillOptions,
} from './drillModel';

const datasource = {
  id: 3,
  verbose_map: {},
  columns: [
    { column_name: 'date', verbose_name: 'Departure', is_dttm: true, type_generic: 2, groupby: true },
    { column_name: 'origin', verbose_name: null, is_dttm: false, type_generic: 1, groupby: true },
    { column_name: 'carrier', verbose_name: null, is_dttm: false, type_generic: 1, groupby: true },
    { column_name: 'dest', verbose_name: null, is_dttm: false, type_generic: 1, groupby: true },
    { column_name: 'delay', verbose_name: 'Delay (min)', is_dttm: false, type_generic: 0, groupby: false },
  ],
} as unknown as ExploreDatasource;

/** A monthly bar chart of flights by origin, on a dashboard filtering carrier AA. */
const chart: QueryFormData = {
  viz_type: 'echarts_timeseries_bar',
  datasource: '3__table',
  slice_id: 7,
  x_axis: 'date',
  time_grain_sqla: 'P1M',
  metrics: ['count'],
  groupby: ['origin'],
  adhoc_filters: [
    { expressionType: 'SIMPLE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: 'No filter', clause: 'WHERE' },
    { expressionType: 'SQL', sqlExpression: 'COUNT(*) > 10', clause: 'HAVING' },
    { expressionType: 'SQL', sqlExpression: 'distance > 100', clause: 'WHERE' },
  ],
  annotation_layers: [{ name: 'Goal', sourceType: 'FORMULA', value: '10' }],
  extra_form_data: { filters: [{ col: 'carrier', op: 'IN', val: ['AA'] }] },
};

const opts: DrillOptions = drillOptionsOf(chart, datasource);
const sea: DrillFilter = { col: 'origin', op: '==', val: 'SEA', formattedVal: 'SEA' };
const feb: DrillFilter = { col: 'date', op: '==', val: Date.UTC(2023, 1, 1), formattedVal: '2023-02' };

describe('the point as filters', () => {
  it('a time of a chart with a grain is its bucket; a value is an equality; a missing value IS NULL', () => {
    expect(drillAdhocFilters([feb, sea, { col: 'dest', op: '==', val: null }], opts)).toEqual([
      { expressionType: 'SIMPLE', subject: 'date', operator: '>=', comparator: '2023-02-01T00:00:00', clause: 'WHERE' },
      { expressionType: 'SIMPLE', subject: 'date', operator: '<', comparator: '2023-03-01T00:00:00', clause: 'WHERE' },
      { expressionType: 'SIMPLE', subject: 'origin', operator: '==', comparator: 'SEA', clause: 'WHERE' },
      { expressionType: 'SIMPLE', subject: 'dest', operator: 'IS NULL', clause: 'WHERE' },
    ]);
  });

  it('without a grain a time is the instant itself', () => {
    const f = drillAdhocFilters([{ col: 'date', op: '==', val: Date.UTC(2023, 1, 1, 10, 30, 0, 250) }], { ...opts, timeGrain: null });
    expect(f).toEqual([
      { expressionType: 'SIMPLE', subject: 'date', operator: '==', comparator: '2023-02-01T10:30:00.250', clause: 'WHERE' },
    ]);
  });

  it('buckets follow the grain, week-ending grains ending on the labelled day', () => {
    const iso = (b: { since: number; until: number } | null) => b && [new Date(b.since).toISOString(), new Date(b.until).toISOString()];
    expect(iso(grainBucket(Date.UTC(2023, 10, 1), 'P3M'))).toEqual(['2023-11-01T00:00:00.000Z', '2024-02-01T00:00:00.000Z']);
    expect(iso(grainBucket(Date.UTC(2023, 0, 1), 'P1Y'))).toEqual(['2023-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z']);
    expect(iso(grainBucket(Date.UTC(2023, 0, 2), 'P1W'))).toEqual(['2023-01-02T00:00:00.000Z', '2023-01-09T00:00:00.000Z']);
    expect(iso(grainBucket(Date.UTC(2023, 0, 7), 'P1W/1970-01-03T00:00:00Z'))).toEqual([
      '2023-01-01T00:00:00.000Z',
      '2023-01-08T00:00:00.000Z',
    ]);
    expect(iso(grainBucket(Date.UTC(2023, 0, 1, 6), 'PT6H'))).toEqual(['2023-01-01T06:00:00.000Z', '2023-01-01T12:00:00.000Z']);
    expect(grainBucket(0, 'P2D')).toBeNull();
  });

  it('a dashboard time-grain filter overrides the chart grain', () => {
    expect(timeGrainOf(chart)).toBe('P1M');
    expect(timeGrainOf({ ...chart, extra_form_data: { time_grain_sqla: 'P1Y' } })).toBe('P1Y');
  });
});

describe('drill to detail', () => {
  it('asks for a page of rows under the chart filters, the dashboard filters and the point', () => {
    const qc = drillDetailQueryContext(chart, [feb, sea], opts, 2);
    expect(qc.result_type).toBe('drill_detail');
    expect(qc.result_format).toBe('json');
    expect(qc.datasource).toEqual({ id: 3, type: 'table' });
    const [q] = qc.queries;
    expect(qc.queries).toHaveLength(1);
    expect(q.columns).toEqual([]);
    expect(q.metrics ?? null).toBeNull();
    expect(q.orderby).toEqual([]);
    expect(q.post_processing).toEqual([]);
    expect([q.row_limit, q.row_offset]).toEqual([DRILL_DETAIL_PAGE_SIZE, 100]);
    expect(q.filters).toEqual([
      { col: 'date', op: 'TEMPORAL_RANGE', val: 'No filter' },
      { col: 'date', op: '>=', val: '2023-02-01T00:00:00' },
      { col: 'date', op: '<', val: '2023-03-01T00:00:00' },
      { col: 'origin', op: '==', val: 'SEA' },
      { col: 'carrier', op: 'IN', val: ['AA'], isExtra: true },
    ]);
    // a custom WHERE stays; HAVING filters aggregates, which rows do not have
    expect(q.extras).toMatchObject({ where: '(distance > 100)', having: '' });
  });

  it('the bucket bounds read back as the month (the server parses them as UTC)', () => {
    const [since, until] = drillAdhocFilters([feb], opts).map((f) => String(f.comparator));
    const bounds = parseTimeRange(`${since} : ${until}`);
    expect([bounds.since?.toISOString(), bounds.until?.toISOString()]).toEqual(['2023-02-01T00:00:00.000Z', '2023-03-01T00:00:00.000Z']);
  });

  it('the whole chart: no point filters, the first page', () => {
    const [q] = drillDetailQueryContext(chart, [], opts, 0, true).queries;
    // no offset at all: the server reads row_offset 0 as past every row
    expect(q.row_offset).toBeUndefined();
    expect(q.filters).toHaveLength(2);
  });
});

describe('drill by', () => {
  it('lists the groupable columns the chart does not already group by', () => {
    expect(chartDimensions(chart)).toEqual(['date', 'origin']);
    expect(drillByColumns(datasource, chart).map((c) => c.column_name)).toEqual(['carrier', 'dest']);
    expect(searchColumns(drillByColumns(datasource, { ...chart, x_axis: 'origin', groupby: [] }), 'dep').map((c) => c.column_name)).toEqual(
      ['date'],
    );
  });

  it('a time series keeps its time axis and takes the new column as its dimension, with the point filters', () => {
    const fd = drillByFormData(chart, [{ column: 'carrier', filters: [feb, sea] }], opts)!;
    expect(fd.groupby).toEqual(['carrier']);
    expect(fd.x_axis).toBe('date');
    expect(fd.annotation_layers).toEqual([]);
    expect((fd.adhoc_filters as { subject?: string; operator?: string }[]).slice(3).map((f) => [f.subject, f.operator])).toEqual([
      ['date', '>='],
      ['date', '<'],
      ['origin', '=='],
    ]);
    expect(fd.extra_form_data).toEqual(chart.extra_form_data);
  });

  it('a bar chart of categories gets the new column as its categories', () => {
    const bars = { ...chart, x_axis: 'origin', groupby: [], x_axis_sort: 'origin' };
    const fd = regroupedFormData(bars, 'carrier', ['origin'], opts);
    expect(fd?.x_axis).toBe('carrier');
    expect(fd?.x_axis_sort).toBeUndefined();
    // categories by a time: a day each, unless the chart has a grain
    const noGrain = { ...bars, time_grain_sqla: undefined };
    expect(regroupedFormData(noGrain, 'date', ['origin'], opts)).toMatchObject({ x_axis: 'date', time_grain_sqla: 'P1D' });
  });

  it('pies and aggregate tables regroup; a raw table cannot; a pivot replaces the axis the point is on', () => {
    const form = (over: Record<string, unknown>): QueryFormData => ({ viz_type: 'pie', datasource: '3__table', ...over });
    expect(regroupedFormData(form({ groupby: ['origin'] }), 'dest', [], opts)?.groupby).toEqual(['dest']);
    expect(regroupedFormData(form({ viz_type: 'table', query_mode: 'aggregate', groupby: ['origin'] }), 'dest', [], opts)).toMatchObject({
      groupby: ['dest'],
      server_pagination: false,
    });
    expect(canDrillBy(form({ viz_type: 'table', query_mode: 'raw', all_columns: ['origin'] }))).toBe(false);
    expect(canDrillBy(form({ viz_type: 'big_number_total', metric: 'count' }))).toBe(false);
    const pivot = form({ viz_type: 'pivot_table_v2', groupbyRows: ['origin'], groupbyColumns: ['carrier'] });
    expect(regroupedFormData(pivot, 'dest', ['carrier'], opts)).toMatchObject({ groupbyRows: ['origin'], groupbyColumns: ['dest'] });
    expect(regroupedFormData(pivot, 'dest', ['origin', 'carrier'], opts)).toMatchObject({
      groupbyRows: ['dest'],
      groupbyColumns: ['carrier'],
    });
  });

  it('drilling again stacks the filters of every level', () => {
    const steps = [
      { column: 'carrier', filters: [sea] },
      { column: 'dest', filters: [{ col: 'carrier', op: '==' as const, val: 'AA', formattedVal: 'AA' }] },
    ];
    const fd = drillByFormData({ ...chart, x_axis: 'origin', groupby: [] }, steps, opts)!;
    expect(fd.x_axis).toBe('dest');
    expect((fd.adhoc_filters as { subject?: string }[]).slice(3).map((f) => f.subject)).toEqual(['origin', 'carrier']);
  });

  it('the breadcrumb names the point and each level; a middle level goes back to it', () => {
    expect(drillByBreadcrumbs('Flights', [{ column: 'carrier', filters: [sea] }])).toEqual([
      { label: 'Flights', keep: null },
      { label: 'origin (SEA)', keep: null },
      { label: 'carrier', keep: null },
    ]);
    const aa: DrillFilter = { col: 'carrier', op: '==', val: 'AA', formattedVal: 'AA' };
    expect(
      drillByBreadcrumbs('Flights', [
        { column: 'carrier', filters: [sea] },
        { column: 'dest', filters: [feb, aa] },
      ]).map((c) => [c.label, c.keep]),
    ).toEqual([
      ['Flights', null],
      ['origin (SEA)', null],
      ['carrier (AA)', 1],
      ['dest', null],
    ]);
    // verbose names when the dataset has them
    expect(drillByBreadcrumbs('Flights', [{ column: 'origin', filters: [feb] }], (c) => (c === 'date' ? 'Departure' : c))[1].label).toBe(
      'Departure (2023-02)',
    );
  });
});
