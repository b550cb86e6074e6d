import { describe, expect, it } from 'vitest';
import { POST_PROCESSING_OPERATIONS } from '../charts/postprocess/index.js';
import { bigNumberDefinition, bigNumberTotalDefinition } from './bigNumber/index.js';
import { baseQueryObject, defaultOrderBy, metricLabelOf, withExtraFormData, xAxisColumn } from './buildQueryHelpers.js';
import { pieDefinition } from './pie/index.js';
import { pivotTableDefinition } from './pivotTable/index.js';
import { sharedControls } from './sharedControls.js';
import { tableDefinition } from './table/index.js';
import { timeseriesDefinitions } from './timeseries/index.js';
import { VIZ_CATEGORIES, type VizDefinition } from './types.js';

const ALL: VizDefinition[] = [
  ...timeseriesDefinitions,
  pieDefinition,
  bigNumberTotalDefinition,
  bigNumberDefinition,
  tableDefinition,
  pivotTableDefinition,
];

describe('control panels of the first chart types', () => {
  it.each(ALL.map((d) => [d.meta.key, d] as const))('%s: every control a section names has a config', (_key, def) => {
    const missing = def.controlPanel.sections
      .flatMap((s) => s.controlSetRows.flat())
      .filter((name) => !def.controlPanel.controls[name] && !sharedControls[name]);
    expect(missing).toEqual([]);
  });

  it.each(ALL.map((d) => [d.meta.key, d] as const))(
    '%s: a control appears in one place only, and its own controls are all shown',
    (_key, def) => {
      const named = def.controlPanel.sections.flatMap((s) => s.controlSetRows.flat());
      expect(new Set(named).size).toBe(named.length);
      const hidden = Object.keys(def.controlPanel.controls).filter((name) => !named.includes(name));
      expect(hidden).toEqual([]);
    },
  );

  it.each(ALL.map((d) => [d.meta.key, d] as const))('%s: a gallery entry with a name, category and description', (_key, def) => {
    expect(def.meta.name).not.toBe('');
    expect(VIZ_CATEGORIES).toContain(def.meta.category);
    expect(def.meta.description).toMatch(/\.$/);
    expect(def.meta.tags.length).toBeGreaterThan(0);
  });

  it('a select control default is one of its fixed choices', () => {
    const bad: string[] = [];
    for (const def of ALL) {
      for (const [name, c] of Object.entries({ ...sharedControls, ...def.controlPanel.controls })) {
        if (
          c.type !== 'SelectControl' ||
          c.freeForm ||
          c.multi ||
          !Array.isArray(c.choices) ||
          c.default === undefined ||
          c.default === null
        )
          continue;
        if (!c.choices.some(([v]) => v === c.default)) bad.push(`${def.meta.key}.${name}`);
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('post-processing the first chart types ask for', () => {
  it('every rule names an operation the server runs', () => {
    const fd = {
      datasource: '1__table',
      x_axis: 'ds',
      metrics: ['count'],
      metric: 'count',
      groupby: ['g'],
      percent_metrics: ['count'],
      rolling_type: 'sum',
      time_compare: ['1 day ago'],
      comparison_type: 'ratio',
      resample_rule: '1D',
      resample_method: 'ffill',
      contributionMode: 'column',
    };
    const ops = ALL.flatMap((d) =>
      d
        .buildQuery({ ...fd, viz_type: d.meta.key })
        .queries.flatMap((q) => (q.post_processing ?? []).map((r) => (r && 'operation' in r ? r.operation : ''))),
    );
    expect(ops.length).toBeGreaterThan(10);
    expect(ops.filter((op) => !POST_PROCESSING_OPERATIONS.includes(op))).toEqual([]);
  });
});

describe('buildQuery helpers', () => {
  const fd = { datasource: '7__table', viz_type: 'table' };

  it('labels a metric as the server does', () => {
    expect(metricLabelOf('count')).toBe('count');
    expect(metricLabelOf({ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'x' } })).toBe('SUM(x)');
    expect(metricLabelOf({ expressionType: 'SQL', sqlExpression: 'COUNT(*)' })).toBe('COUNT(*)');
    expect(metricLabelOf({ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' })).toBe('rows');
  });

  it('the x axis of an adhoc column keeps its expression and gets the base axis mark and grain', () => {
    expect(
      xAxisColumn({ ...fd, x_axis: { sqlExpression: 'DATE(ts)', label: 'day', expressionType: 'SQL' }, time_grain_sqla: 'P1W' }),
    ).toEqual({
      sqlExpression: 'DATE(ts)',
      label: 'day',
      expressionType: 'SQL',
      columnType: 'BASE_AXIS',
      timeGrain: 'P1W',
    });
    expect(xAxisColumn(fd)).toBeNull();
  });

  it('filters with IS NULL carry no value; custom SQL filters go to extras (spec section 5)', () => {
    const q = baseQueryObject({
      ...fd,
      adhoc_filters: [
        { expressionType: 'SIMPLE', subject: 'a', operator: 'IS_NULL', comparator: 'x', clause: 'WHERE' },
        { expressionType: 'SQL', sqlExpression: 'b > 1', clause: 'WHERE' },
        { expressionType: 'SQL', sqlExpression: 'SUM(c) > 3', clause: 'HAVING' },
      ],
    });
    expect(q.filters).toEqual([{ col: 'a', op: 'IS NULL' }]);
    expect(q.extras).toEqual({ where: '(b > 1)', having: '(SUM(c) > 3)' });
    expect(q.time_range).toBe('No filter');
  });

  it('dashboard adhoc filters are marked as extra; its grain and time column override the chart', () => {
    const merged = withExtraFormData({
      ...fd,
      adhoc_filters: [],
      time_grain_sqla: 'P1D',
      extra_form_data: {
        adhoc_filters: [{ expressionType: 'SQL', sqlExpression: 'x = 1', clause: 'WHERE' }],
        time_grain_sqla: 'P1M',
        granularity_sqla: 'ts',
      },
    });
    expect(merged.adhoc_filters).toEqual([{ expressionType: 'SQL', sqlExpression: 'x = 1', clause: 'WHERE', isExtra: true }]);
    expect(merged).toMatchObject({ time_grain_sqla: 'P1M', granularity_sqla: 'ts' });
  });

  it('default ordering: sort-by metric, else first metric; descending unless turned off', () => {
    expect(defaultOrderBy({ metrics: ['a', 'b'] })).toEqual([['a', false]]);
    expect(defaultOrderBy({ metrics: ['a'], series_limit_metric: 'b', order_desc: false })).toEqual([['b', true]]);
    expect(defaultOrderBy({ metrics: [] })).toEqual([]);
  });

  it('a datasource key that is not `{id}__{type}` is passed on for the server to refuse', () => {
    expect(timeseriesDefinitions[0].buildQuery({ ...fd, datasource: 'nonsense' }).datasource).toEqual({ id: 'nonsense', type: 'table' });
  });
});
