import { describe, expect, it } from 'vitest';
import { annotationLayerError, newAnnotationLayer, withAnnotationType } from './annotations';
import { columnConfigSummary, setColumnConfig } from './columnConfig';
import { ruleError, ruleLabel } from './conditionalFormatting';
import { distinctValuesQuery } from './distinctValues';
import { resultColumnsOf } from './resultColumns';
import { simpleMetric } from './metrics';
import { flights } from './testDatasource';

describe('conditional formatting rules', () => {
  it('needs a column, an operator and the values that operator takes', () => {
    expect(ruleError({ operator: '>', targetValue: 1 })).toBe('Choose a column');
    expect(ruleError({ column: 'count', operator: '>' })).toBe('Enter a target value');
    expect(ruleError({ column: 'count', operator: '< x <', targetValueLeft: 5, targetValueRight: 1 })).toMatch(/left bound/);
    expect(ruleError({ column: 'count', operator: '≤ x ≤', targetValueLeft: 1, targetValueRight: 5 })).toBeNull();
  });

  it('reads like the comparison it makes', () => {
    expect(ruleLabel({ column: 'count', operator: '>', targetValue: 10 })).toBe('count > 10');
    expect(ruleLabel({ column: 'count', operator: '≤ x <', targetValueLeft: 1, targetValueRight: 5 })).toBe('1 ≤ count < 5');
  });
});

describe('annotation layers', () => {
  it('starts a formula layer as the BI server stores it', () => {
    expect(newAnnotationLayer('FORMULA')).toMatchObject({
      annotationType: 'FORMULA',
      sourceType: '',
      value: 'x*2',
      show: true,
      showLabel: false,
      style: 'solid',
      width: 1,
    });
    expect(newAnnotationLayer('EVENT')).toMatchObject({ annotationType: 'EVENT', sourceType: 'table', value: null, timeColumn: '' });
  });

  it('asks for a name, a unique one, a formula, or a chart with its time (and end) column', () => {
    const f = { ...newAnnotationLayer('FORMULA'), name: 'double' };
    expect(annotationLayerError({ ...f, name: ' ' })).toBe('Give the layer a name');
    expect(annotationLayerError(f, [{ ...f }])).toBe('Another layer has this name');
    expect(annotationLayerError(f)).toBeNull();
    const interval = { ...newAnnotationLayer('INTERVAL'), name: 'outages' };
    expect(annotationLayerError(interval)).toBe('Choose a chart');
    expect(annotationLayerError({ ...interval, value: 12, timeColumn: 'start' })).toBe('Choose the interval end column');
    expect(annotationLayerError({ ...interval, value: 12, timeColumn: 'start', intervalEndColumn: 'end' })).toBeNull();
  });

  it('keeps the name and look when the type changes', () => {
    const layer = { ...newAnnotationLayer('FORMULA'), name: 'x', color: '#ff0000' };
    expect(withAnnotationType(layer, 'EVENT')).toMatchObject({ name: 'x', color: '#ff0000', sourceType: 'table', value: null });
  });
});

describe('column config', () => {
  it('stores only what differs from the defaults and drops a column with nothing set', () => {
    const a = setColumnConfig({}, 'count', { d3NumberFormat: ',d', horizontalAlign: 'left' });
    expect(a).toEqual({ count: { d3NumberFormat: ',d', horizontalAlign: 'left' } });
    expect(setColumnConfig(a, 'count', { d3NumberFormat: undefined, horizontalAlign: undefined })).toEqual({});
    expect(columnConfigSummary(a.count)).toBe(',d, align left');
  });

  it("stores a column's currency (currencyFormat) and names it in the summary; clearing it drops it", () => {
    const a = setColumnConfig({}, 'revenue', { currencyFormat: { symbol: 'EUR', symbolPosition: 'suffix' } });
    expect(a).toEqual({ revenue: { currencyFormat: { symbol: 'EUR', symbolPosition: 'suffix' } } });
    expect(columnConfigSummary(a.revenue)).toBe('EUR suffix');
    expect(setColumnConfig(a, 'revenue', { currencyFormat: undefined })).toEqual({});
  });

  it("keeps a radar metric's spoke range (0 is a value, an empty field is dropped)", () => {
    const a = setColumnConfig({}, 'SUM(mpg)', { radarMetricMinValue: 0, radarMetricMaxValue: 50 });
    expect(a).toEqual({ 'SUM(mpg)': { radarMetricMinValue: 0, radarMetricMaxValue: 50 } });
    expect(columnConfigSummary(a['SUM(mpg)'])).toBe('min 0, max 50');
    expect(setColumnConfig(a, 'SUM(mpg)', { radarMetricMinValue: undefined, radarMetricMaxValue: undefined })).toEqual({});
  });

  it("lists the chart's result columns: dimensions, metrics, percentage metrics, or the raw columns", () => {
    const fd = {
      groupby: ['origin'],
      metrics: ['count', simpleMetric({ column: 'dep_delay', aggregate: 'AVG' })],
      percent_metrics: ['count'],
    };
    expect(resultColumnsOf(fd, flights).map((c) => c.name)).toEqual(['origin', 'count', 'AVG(dep_delay)', '%count']);
    expect(resultColumnsOf({ ...fd, query_mode: 'raw', all_columns: ['flight_date', 'dep_delay'] }, flights)).toEqual([
      { name: 'flight_date', kind: 'temporal', isMetric: false },
      { name: 'dep_delay', kind: 'numeric', isMetric: false },
    ]);
  });

  it("lists a time-compared table's comparison columns in place of each metric, as the table names them", () => {
    const fd = { viz_type: 'table', groupby: ['origin'], metrics: ['count'], time_compare: ['1 year ago'] };
    expect(resultColumnsOf(fd, flights).map((c) => c.name)).toEqual(['origin', 'Main count', '# count', '△ count', '% count']);
    const two = { ...fd, time_compare: ['1 year ago', '1 week ago'], comparison_type: 'absolute' };
    expect(resultColumnsOf(two, flights).map((c) => c.name)).toEqual([
      'origin',
      'Main count',
      '△ count (1 year ago)',
      '△ count (1 week ago)',
    ]);
    // a timeseries chart's time shift draws series, not columns
    expect(resultColumnsOf({ ...fd, viz_type: 'echarts_timeseries_line' }, flights).map((c) => c.name)).toEqual(['origin', 'count']);
  });
});

describe('filter values', () => {
  it('lists a column’s distinct values, narrowed by a case-insensitive match on text columns', () => {
    const q = distinctValuesQuery(flights, 'origin', 's_f%');
    expect(q.datasource).toEqual({ id: 3, type: 'table' });
    expect(q.queries[0]).toMatchObject({
      columns: ['origin'],
      metrics: [],
      filters: [{ col: 'origin', op: 'ILIKE', val: '%sf%' }],
      orderby: [['origin', true]],
    });
    expect(distinctValuesQuery(flights, 'dep_delay', '12').queries[0].filters).toEqual([]);
  });
});
