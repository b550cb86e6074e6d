import { describe, expect, it } from 'vitest';
import {
  annotationQueryFormData,
  annotationShiftedRows,
  effectiveTimeRange,
  isAnnotationSourceVizType,
  normalizedOverrides,
  timeShiftOffset,
  timeseriesAnnotationResult,
} from './annotations.js';
import { buildTimeseriesQuery } from './timeseries/buildQuery.js';

const range = (comparator: string, subject = 'ds') => ({
  expressionType: 'SIMPLE' as const,
  subject,
  operator: 'TEMPORAL_RANGE',
  comparator,
  clause: 'WHERE' as const,
});

const source = {
  viz_type: 'echarts_timeseries_line',
  datasource: '3__table',
  x_axis: 'ds',
  time_grain_sqla: 'P1M',
  metrics: ['count'],
  adhoc_filters: [range('Last year'), { expressionType: 'SQL' as const, sqlExpression: 'a > 1', clause: 'WHERE' as const }],
  annotation_layers: [{ name: 'nested', annotationType: 'FORMULA', value: 'x' }],
};

const main = {
  viz_type: 'echarts_timeseries_bar',
  datasource: '5__table',
  x_axis: 'day',
  granularity_sqla: 'day',
  time_grain_sqla: 'P1D',
  time_range: 'ignored, the filter wins',
  adhoc_filters: [range('2024-01-01 : 2024-02-01', 'day')],
};

describe('annotation query form data (rule "overrides")', () => {
  it('an absent override key keeps the source chart its own value; the source layers are not run', () => {
    const fd = annotationQueryFormData(source, main, {}, { sliceId: 9 });
    expect(effectiveTimeRange(fd)).toBe('Last year');
    expect(fd.time_grain_sqla).toBe('P1M');
    expect(fd.slice_id).toBe(9);
    expect(fd.annotation_layers).toEqual([]);
    expect(fd.extra_form_data).toBeUndefined();
  });

  it('time_range: null takes the main chart time range into the source time-range filter', () => {
    const fd = annotationQueryFormData(source, main, { time_range: null });
    expect(effectiveTimeRange(fd)).toBe('2024-01-01 : 2024-02-01');
    expect(fd.time_range).toBe('2024-01-01 : 2024-02-01');
    // the filter stays on the source's own column; other filters are kept
    expect(fd.adhoc_filters).toEqual([range('2024-01-01 : 2024-02-01', 'ds'), source.adhoc_filters[1]]);
    // the built query asks for that range
    expect(buildTimeseriesQuery(fd).queries[0].time_range).toBe('2024-01-01 : 2024-02-01');
  });

  it('time_range override on a source without a time-range filter adds one on its time column', () => {
    const fd = annotationQueryFormData({ ...source, adhoc_filters: [] }, main, { time_range: null });
    expect(fd.adhoc_filters).toEqual([range('2024-01-01 : 2024-02-01', 'ds')]);
  });

  it('the peer legacy since / until keys mean "override the time range"', () => {
    expect(normalizedOverrides({ since: null, until: null, bogus: 1 })).toEqual({ time_range: null });
    expect(effectiveTimeRange(annotationQueryFormData(source, main, { since: null }))).toBe('2024-01-01 : 2024-02-01');
  });

  it('time_grain_sqla and granularity: null take the main chart grain and time column', () => {
    const fd = annotationQueryFormData(source, main, { time_grain_sqla: null, granularity: null });
    expect(fd.time_grain_sqla).toBe('P1D');
    expect(fd.granularity_sqla).toBe('day');
    expect(effectiveTimeRange(fd)).toBe('Last year');
  });

  it('an override with a value takes that value', () => {
    const fd = annotationQueryFormData(source, main, { time_range: 'Last week', time_grain_sqla: 'PT1H' });
    expect(effectiveTimeRange(fd)).toBe('Last week');
    expect(fd.time_grain_sqla).toBe('PT1H');
  });

  it('time_shift asks for the source series shifted by it (a values comparison at that offset)', () => {
    const fd = annotationQueryFormData(source, main, { time_shift: '1 week' });
    expect(fd.time_shift).toBe('1 week');
    expect(fd.time_compare).toEqual(['1 week ago']);
    expect(fd.comparison_type).toBe('values');
    expect(buildTimeseriesQuery(fd).queries[0].time_offsets).toEqual(['1 week ago']);
    expect(timeShiftOffset('2 days later')).toBe('2 days later');
    // an empty shift is no shift
    expect(annotationQueryFormData(source, main, { time_shift: '' }).time_compare).toBeUndefined();
  });

  it('the main chart dashboard extra_form_data (its applied filters) is merged into the annotation query', () => {
    const extra = { filters: [{ col: 'origin', op: 'IN', val: ['SEA'] }], time_range: 'Last month' };
    const fd = annotationQueryFormData({ ...source, extra_form_data: { filters: [] } }, { ...main, extra_form_data: extra }, {});
    expect(fd.extra_form_data).toEqual(extra);
    const q = buildTimeseriesQuery(fd).queries[0];
    expect(q.filters).toContainEqual({ col: 'origin', op: 'IN', val: ['SEA'], isExtra: true });
    expect(q.time_range).toBe('Last month');
  });
});

describe('shifted annotation rows', () => {
  it('keep the x column and the shifted series under their unshifted names', () => {
    const fd = annotationQueryFormData(source, main, { time_shift: '1 week' });
    const rows = annotationShiftedRows(fd, [{ ds: 1, count: 5, 'count__1 week ago': 3, 'count__1 week ago, SEA': 2 }]);
    expect(rows).toEqual([{ ds: 1, count: 3, 'count, SEA': 2 }]);
  });

  it('rows of an unshifted query are returned as they are', () => {
    const rows = [{ ds: 1, count: 5 }];
    expect(annotationShiftedRows(source, rows)).toBe(rows);
  });
});

describe('annotation source charts', () => {
  it('a time-series layer takes its series from a timeseries chart only', () => {
    expect(isAnnotationSourceVizType('TIME_SERIES', 'echarts_timeseries_line')).toBe(true);
    expect(isAnnotationSourceVizType('TIME_SERIES', 'line')).toBe(true);
    expect(isAnnotationSourceVizType('TIME_SERIES', 'table')).toBe(false);
    expect(isAnnotationSourceVizType('TIME_SERIES', 'mixed_timeseries')).toBe(false);
    expect(isAnnotationSourceVizType('EVENT', 'table')).toBe(true);
  });
});

describe('time-series annotation data', () => {
  it('each column but the x axis becomes a {key, values} series, as the peer holds it', () => {
    const rows = [
      { ds: 10, count: 1, 'count, SEA': 'x' },
      { ds: 20, count: 2, 'count, SEA': 4 },
    ];
    expect(timeseriesAnnotationResult(source, rows)).toEqual([
      {
        key: 'count',
        values: [
          { x: 10, y: 1 },
          { x: 20, y: 2 },
        ],
      },
      {
        key: 'count, SEA',
        values: [
          { x: 10, y: null },
          { x: 20, y: 4 },
        ],
      },
    ]);
  });
});
