import { describe, expect, it } from 'vitest';
import type { AdhocColumn } from '../../api/chartData.js';
import { applyPostProcessing, frameFromRows, frameToRecords } from '../../charts/postprocess/index.js';
import { defaultFormData, validateControls } from '../transitions.js';
import type { QueryFormData } from '../types.js';
import { buildHeatmapQuery, heatmapDefinition } from './index.js';

const WEEKDAY: AdhocColumn = { expressionType: 'SQL', label: 'Weekday', sqlExpression: "strftime(date, '%w %a')" };

/** Average delay by origin (x) and weekday (y). */
const fd: QueryFormData = {
  datasource: '5__table',
  viz_type: 'heatmap_v2',
  x_axis: 'origin',
  time_grain_sqla: 'P1D',
  groupby: WEEKDAY,
  metric: 'avg_delay',
  adhoc_filters: [],
  row_limit: 10000,
  sort_x_axis: 'alpha_asc',
  sort_y_axis: 'alpha_desc',
  normalize_across: 'heatmap',
};

describe('heatmap buildQuery', () => {
  it('one metric by the x axis and the y dimension, ordered by both axes, ranked for normalized colours', () => {
    const [q] = buildHeatmapQuery(fd).queries;
    const x = { columnType: 'BASE_AXIS', sqlExpression: 'origin', label: 'origin', expressionType: 'SQL', timeGrain: 'P1D' };
    expect(q).toMatchObject({ columns: [x, WEEKDAY], metrics: ['avg_delay'], row_limit: 10000 });
    expect(q.orderby).toEqual([
      [x, true],
      [WEEKDAY, false],
    ]);
    expect(q.post_processing).toEqual([{ operation: 'rank', options: { metric: 'avg_delay' } }]);
  });

  it('sorting an axis by the metric is left to the browser (no ORDER BY on the cells)', () => {
    const [q] = buildHeatmapQuery({ ...fd, sort_x_axis: 'value_desc', sort_y_axis: 'value_asc' }).queries;
    expect(q.orderby).toEqual([]);
  });

  it('normalizing across x or y ranks within each column or row', () => {
    const groupOf = (normalize_across: string) =>
      (buildHeatmapQuery({ ...fd, normalize_across }).queries[0].post_processing?.[0] as { options: Record<string, unknown> }).options
        .group_by;
    expect(groupOf('x')).toBe('origin');
    expect(groupOf('y')).toBe('Weekday');
    expect(groupOf('heatmap')).toBeUndefined();
  });

  it('the server adds each cell’s percentile rank', () => {
    const rules = buildHeatmapQuery(fd).queries[0].post_processing ?? [];
    const rows = [
      ['SFO', '1 Mon', 10],
      ['SFO', '2 Tue', 20],
      ['LAX', '1 Mon', 30],
      ['LAX', '2 Tue', 40],
    ];
    const out = frameToRecords(applyPostProcessing(frameFromRows(['origin', 'Weekday', 'avg_delay'], rows), rules));
    expect(out.map((r) => r.rank)).toEqual([0.25, 0.5, 0.75, 1]);
  });
});

describe('heatmap control panel', () => {
  it('axes sort ascending, normalized across the whole heatmap; the y axis is required', () => {
    const defaults = defaultFormData(heatmapDefinition, null);
    expect(defaults).toMatchObject({
      sort_x_axis: 'alpha_asc',
      sort_y_axis: 'alpha_asc',
      normalize_across: 'heatmap',
      legend_type: 'continuous',
    });
    expect(defaults).toMatchObject({
      linear_color_scheme: 'superset_seq_1',
      xscale_interval: -1,
      show_percentage: true,
      show_values: false,
    });
    const errors = validateControls(heatmapDefinition, { formData: { ...defaults, groupby: null }, datasource: null, sqlMaxRow: 100000 });
    expect(errors.groupby).toEqual(['cannot be empty']);
    expect(errors.metric).toEqual(['cannot be empty']);
  });
});
