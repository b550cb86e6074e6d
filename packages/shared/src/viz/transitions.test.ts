import { describe, expect, it } from 'vitest';
import type { AdhocMetric, QueryContext } from '../api/chartData.js';
import type { ExploreDatasource } from '../api/dataset.js';
import type { ControlConfig, ControlContext, QueryFormData, VizDefinition } from './types.js';
import {
  controlsOf,
  defaultFormData,
  getColumnLabel,
  getMetricLabel,
  hasValidationErrors,
  isControlVisible,
  renameMetricKey,
  sanitizeFormData,
  switchDatasource,
  switchVizType,
  validateControls,
} from './transitions.js';

const buildQuery = (): QueryContext => ({ datasource: { id: 1, type: 'table' }, queries: [] });

function vizDef(key: string, rows: string[][], controls: Record<string, ControlConfig> = {}): VizDefinition {
  return {
    meta: { key, name: key, category: 'Other', description: '', tags: [] },
    buildQuery,
    controlPanel: { sections: [{ label: 'Query', tab: 'data', controlSetRows: rows }], controls },
  };
}

const table = vizDef('table', [['metrics'], ['groupby'], ['adhoc_filters'], ['row_limit'], ['column_config'], ['query_mode']], {
  column_config: { type: 'ColumnConfigControl', label: 'Columns', default: {} },
  query_mode: {
    type: 'SelectControl',
    label: 'Query mode',
    default: 'aggregate',
    choices: [
      ['aggregate', 'Aggregate'],
      ['raw', 'Raw records'],
    ],
  },
});
const line = vizDef('echarts_timeseries_line', [
  ['x_axis'],
  ['time_grain_sqla'],
  ['metrics'],
  ['groupby'],
  ['adhoc_filters'],
  ['row_limit'],
  ['color_scheme'],
]);
const bigNumber = vizDef('big_number_total', [['metric'], ['adhoc_filters'], ['y_axis_format']]);
const pivot = vizDef('pivot_table_v2', [['groupbyRows'], ['groupbyColumns'], ['metrics'], ['adhoc_filters']], {
  groupbyRows: { type: 'ColumnsControl', label: 'Rows', multi: true, default: [] },
  groupbyColumns: { type: 'ColumnsControl', label: 'Columns', multi: true, default: [] },
});

function dataset(
  id: number,
  columns: { name: string; dttm?: boolean }[],
  metrics: string[],
  mainDttm: string | null = null,
): ExploreDatasource {
  return {
    id,
    uid: `${id}__table`,
    columns: columns.map((c, i) => ({ id: i + 1, column_name: c.name, is_dttm: c.dttm ?? false, groupby: true, filterable: true })),
    metrics: metrics.map((m, i) => ({ id: i + 1, metric_name: m, expression: 'COUNT(*)' })),
    main_dttm_col: mainDttm,
    time_grain_sqla: [
      ['P1D', 'Day'],
      ['P1M', 'Month'],
    ],
  } as unknown as ExploreDatasource;
}

const births = dataset(1, [{ name: 'ds', dttm: true }, { name: 'gender' }, { name: 'name' }, { name: 'num' }], ['count'], 'ds');
const sumNum: AdhocMetric = { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' } };
const ctxOf = (formData: QueryFormData, datasource: ExploreDatasource | null = births): ControlContext => ({
  formData,
  datasource,
  sqlMaxRow: 100000,
});

describe('controls of a type', () => {
  it("resolves the names a type's sections use from its own controls, else the shared controls", () => {
    const controls = controlsOf(table);
    expect(Object.keys(controls)).toEqual(['metrics', 'groupby', 'adhoc_filters', 'row_limit', 'column_config', 'query_mode']);
    expect(controls.metrics.type).toBe('MetricsControl');
    expect(controls.query_mode.type).toBe('SelectControl');
  });
});

describe('defaults of a new chart', () => {
  it("fills every control's default, the dataset's main time column for the x-axis and 'No filter'", () => {
    const fd = defaultFormData(line, births);
    expect(fd).toMatchObject({ viz_type: 'echarts_timeseries_line', datasource: '1__table', time_range: 'No filter', x_axis: 'ds' });
    expect(fd).toMatchObject({ time_grain_sqla: 'P1D', row_limit: 10000, color_scheme: 'supersetColors', groupby: [], adhoc_filters: [] });
  });

  it('gives each form its own copy of a list default', () => {
    const a = defaultFormData(table, births);
    (a.groupby as string[]).push('gender');
    expect(defaultFormData(table, births).groupby).toEqual([]);
  });
});

describe('Control validators', () => {
  it('Metrics are required where the chart type uses them: "cannot be empty"', () => {
    const errors = validateControls(table, ctxOf({ ...defaultFormData(table, births), metrics: [] }));
    expect(errors).toEqual({ metrics: ['cannot be empty'] });
    expect(hasValidationErrors(errors)).toBe(true);
  });

  it('Row limit: positive integer at most SQL_MAX_ROW', () => {
    const base = { ...defaultFormData(table, births), metrics: ['count'] };
    expect(validateControls(table, ctxOf({ ...base, row_limit: 200000 })).row_limit).toEqual(['Value cannot exceed 100000']);
    expect(validateControls(table, ctxOf({ ...base, row_limit: 2.5 })).row_limit).toEqual(['is expected to be an integer']);
    expect(validateControls(table, ctxOf({ ...base, row_limit: 0 })).row_limit).toEqual(['is expected to be a positive number']);
    expect(validateControls(table, ctxOf({ ...base, row_limit: 500 }))).toEqual({});
  });

  it('Errors are collected per control, and hidden controls are not checked', () => {
    const errors = validateControls(line, ctxOf({ ...defaultFormData(line, null), metrics: [] }));
    expect(Object.keys(errors).sort()).toEqual(['metrics', 'x_axis']);
    expect(hasValidationErrors({})).toBe(false);
    const hidden: ControlConfig = { type: 'TextControl', label: 'x', visibility: ({ formData }) => formData.on === true };
    expect(isControlVisible(hidden, ctxOf({ viz_type: 't', datasource: '', on: false }))).toBe(false);
    expect(isControlVisible(hidden, ctxOf({ viz_type: 't', datasource: '', on: true }))).toBe(true);
  });
});

describe('Sanitizing form data (spec section 5)', () => {
  it('A select control without free-form entry drops values not among its choices', () => {
    const fd = sanitizeFormData(
      table,
      { ...defaultFormData(table, births), query_mode: 'bogus', row_limit: 1234 },
      ctxOf({} as QueryFormData),
    );
    expect(fd.query_mode).toBeNull();
    expect(fd.row_limit).toBe(1234); // free-form: any typed value stays
    const grain = sanitizeFormData(line, { ...defaultFormData(line, births), time_grain_sqla: 'PT1H' }, ctxOf({} as QueryFormData));
    expect(grain.time_grain_sqla).toBeNull(); // the dataset's engine offers day and month only
  });

  it('Duplicate metrics and columns are removed; empty column names are dropped', () => {
    const fd = sanitizeFormData(
      table,
      {
        viz_type: 'table',
        datasource: '1__table',
        metrics: ['count', sumNum, 'count', { ...sumNum }],
        groupby: ['gender', '', 'gender', 'name'],
      },
      ctxOf({} as QueryFormData),
    );
    expect(fd.metrics).toEqual(['count', sumNum]);
    expect(fd.groupby).toEqual(['gender', 'name']);
  });

  it('Filters with IS NULL or IS NOT NULL carry no value', () => {
    const fd = sanitizeFormData(
      table,
      {
        viz_type: 'table',
        datasource: '1__table',
        adhoc_filters: [
          { expressionType: 'SIMPLE', subject: 'name', operator: 'IS NULL', comparator: 'x', clause: 'WHERE' },
          { expressionType: 'SIMPLE', subject: 'name', operator: '==', comparator: 'x', clause: 'WHERE' },
        ],
      },
      ctxOf({} as QueryFormData),
    );
    expect(fd.adhoc_filters).toEqual([
      { expressionType: 'SIMPLE', subject: 'name', operator: 'IS NULL', clause: 'WHERE' },
      { expressionType: 'SIMPLE', subject: 'name', operator: '==', comparator: 'x', clause: 'WHERE' },
    ]);
  });
});

describe('Changing the viz type transforms form data', () => {
  const tableFd: QueryFormData = {
    ...defaultFormData(table, births),
    metrics: [sumNum, 'count'],
    groupby: ['gender'],
    adhoc_filters: [{ expressionType: 'SQL', sqlExpression: 'num > 0', clause: 'WHERE' }],
    row_limit: 500,
    time_range: 'Last week',
    slice_id: 7,
    url_params: { a: '1' },
    column_config: { 'SUM(num)': { d3NumberFormat: ',d' } },
  };

  it('carries the shared controls and the fields of no control; fills the new defaults', () => {
    const { formData } = switchVizType(tableFd, table, line, births);
    expect(formData).toMatchObject({
      viz_type: 'echarts_timeseries_line',
      datasource: '1__table',
      metrics: [sumNum, 'count'],
      groupby: ['gender'],
      adhoc_filters: tableFd.adhoc_filters,
      row_limit: 500,
      time_range: 'Last week',
      slice_id: 7,
      url_params: { a: '1' },
      x_axis: 'ds',
      color_scheme: 'supersetColors',
    });
    expect(formData).not.toHaveProperty('column_config');
  });

  it('a single-metric type takes the first metric; switching back restores the stashed fields', () => {
    const toBig = switchVizType(tableFd, table, bigNumber, births);
    expect(toBig.formData.metric).toEqual(sumNum);
    expect(toBig.formData).not.toHaveProperty('metrics');
    expect(toBig.hiddenFormData).toMatchObject({ metrics: [sumNum, 'count'], groupby: ['gender'], column_config: tableFd.column_config });

    const back = switchVizType(toBig.formData, bigNumber, table, births, toBig.hiddenFormData);
    expect(back.formData).toMatchObject({ metrics: [sumNum, 'count'], groupby: ['gender'], column_config: tableFd.column_config });
    expect(back.hiddenFormData).toEqual({ metric: sumNum, y_axis_format: 'SMART_NUMBER' });
  });

  it('a metric changed meanwhile wins over the stashed metrics', () => {
    const toBig = switchVizType(tableFd, table, bigNumber, births);
    const back = switchVizType({ ...toBig.formData, metric: 'count_distinct' }, bigNumber, table, births, toBig.hiddenFormData);
    expect(back.formData.metrics).toEqual(['count_distinct']);
  });

  it('pivot rows take the dimensions, and the dimensions take the pivot rows and columns', () => {
    const toPivot = switchVizType(tableFd, table, pivot, births);
    expect(toPivot.formData).toMatchObject({ groupbyRows: ['gender'], groupbyColumns: [], metrics: [sumNum, 'count'] });
    const fromPivot = switchVizType({ ...toPivot.formData, groupbyColumns: ['name'] }, pivot, line, births);
    expect(fromPivot.formData.groupby).toEqual(['gender', 'name']);
  });

  it('a multi-metric type takes [metric] from a single-metric type', () => {
    const fd = { ...defaultFormData(bigNumber, births), metric: 'count' };
    expect(switchVizType(fd, bigNumber, line, births).formData.metrics).toEqual(['count']);
  });
});

describe('Changing the datasource updates dependent controls and lists the transferred controls', () => {
  const other = dataset(2, [{ name: 'ts', dttm: true }, { name: 'gender' }, { name: 'amount' }], ['revenue', 'count'], 'ts');
  const fd: QueryFormData = {
    ...defaultFormData(line, births),
    metrics: ['count', sumNum, { expressionType: 'SQL', sqlExpression: 'SUM(1)', label: 'ones' }],
    groupby: ['gender', 'name'],
    adhoc_filters: [
      { expressionType: 'SIMPLE', subject: 'name', operator: '==', comparator: 'x', clause: 'WHERE' },
      { expressionType: 'SQL', sqlExpression: '1=1', clause: 'WHERE' },
    ],
    row_limit: 50,
    time_grain_sqla: 'P1M',
  };

  it('keeps what the new dataset can answer, defaults the rest, names what carried over', () => {
    const { formData, controlsTransferred } = switchDatasource(fd, line, other);
    expect(formData.datasource).toBe('2__table');
    expect(formData.metrics).toEqual(['count', { expressionType: 'SQL', sqlExpression: 'SUM(1)', label: 'ones' }]);
    expect(formData.groupby).toEqual(['gender']);
    expect(formData.adhoc_filters).toEqual([{ expressionType: 'SQL', sqlExpression: '1=1', clause: 'WHERE' }]);
    expect(formData.x_axis).toBe('ts'); // 'ds' is not a column there: the new main time column
    expect(formData.row_limit).toBe(50);
    expect(formData.time_grain_sqla).toBe('P1M');
    expect(controlsTransferred.sort()).toEqual(['adhoc_filters', 'groupby', 'metrics', 'time_grain_sqla']);
  });

  it('a control left with nothing valid takes its default and is not listed', () => {
    const { formData, controlsTransferred } = switchDatasource({ ...fd, groupby: ['name'] }, line, other);
    expect(formData.groupby).toEqual([]);
    expect(controlsTransferred).not.toContain('groupby');
  });
});

describe('Renaming a metric re-keys its column configuration', () => {
  it('moves column_config and conditional formatting entries to the new label', () => {
    const fd: QueryFormData = {
      viz_type: 'table',
      datasource: '1__table',
      column_config: { 'SUM(num)': { d3NumberFormat: ',d' }, gender: { horizontalAlign: 'left' } },
      conditional_formatting: [
        { column: 'SUM(num)', operator: '>', targetValue: 5, colorScheme: '#ff0000' },
        { column: 'other', operator: '<', targetValue: 1, colorScheme: '#00ff00' },
      ],
    };
    const out = renameMetricKey(fd, 'SUM(num)', 'Total');
    expect(out.column_config).toEqual({ Total: { d3NumberFormat: ',d' }, gender: { horizontalAlign: 'left' } });
    expect((out.conditional_formatting as { column: string }[]).map((r) => r.column)).toEqual(['Total', 'other']);
    expect(fd.column_config).toHaveProperty('SUM(num)'); // the old form data is left as it was
  });
});

describe('labels', () => {
  it('a metric is named by its label, else AGG(column), else its SQL; a column by its label, else its SQL', () => {
    expect(getMetricLabel('count')).toBe('count');
    expect(getMetricLabel(sumNum)).toBe('SUM(num)');
    expect(getMetricLabel({ ...sumNum, label: 'Total' })).toBe('Total');
    expect(getMetricLabel({ expressionType: 'SQL', sqlExpression: 'COUNT(*)' })).toBe('COUNT(*)');
    expect(getColumnLabel('gender')).toBe('gender');
    expect(getColumnLabel({ sqlExpression: 'UPPER(name)', label: 'Name' })).toBe('Name');
    expect(getColumnLabel({ sqlExpression: 'UPPER(name)' })).toBe('UPPER(name)');
  });
});
