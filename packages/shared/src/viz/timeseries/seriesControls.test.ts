import { describe, expect, it } from 'vitest';
import type { ExploreDatasource } from '../../api/dataset.js';
import type { ControlContext, QueryFormData } from '../types.js';
import { timeseriesDefinitions } from './index.js';

const def = (key: string) => timeseriesDefinitions.find((d) => d.meta.key === key)!;
const stackValues = (key: string) => (def(key).controlPanel.controls.stack?.choices as [unknown, string][]).map(([v]) => v);
const ctx = (formData: Partial<QueryFormData>, type_generic: number): ControlContext =>
  ({
    formData: { viz_type: 'echarts_timeseries_line', datasource: '1__table', ...formData },
    datasource: { columns: [{ column_name: 'x', type_generic, is_dttm: type_generic === 2 }] } as unknown as ExploreDatasource,
  }) as ControlContext;

describe('timeseries series order and axis controls', () => {
  it('offers the series order by name, total, minimum, maximum and average, largest total first by default', () => {
    for (const d of timeseriesDefinitions) {
      const c = d.controlPanel.controls;
      expect((c.sort_series_type?.choices as [string, string][]).map(([v]) => v)).toEqual(['name', 'sum', 'min', 'max', 'avg']);
      expect(c.sort_series_type?.default).toBe('sum');
      expect(c.sort_series_ascending?.default).toBe(false);
      expect(d.controlPanel.sections.some((s) => s.controlSetRows.some((r) => r.includes('sort_series_type')))).toBe(true);
    }
  });

  it('offers Stream to the stacking charts and Expand to the area chart only', () => {
    expect(stackValues('echarts_area')).toEqual([null, 'Stack', 'Stream', 'Expand']);
    expect(stackValues('echarts_timeseries_bar')).toEqual([null, 'Stack', 'Stream']);
    expect(stackValues('echarts_timeseries_line')).toEqual([null, 'Stack', 'Stream']);
  });

  it('shows the x axis bounds for a numeric x axis only, while truncating', () => {
    const c = def('echarts_timeseries_line').controlPanel.controls;
    expect(c.truncateXAxis?.default).toBe(true);
    expect(c.truncateXAxis?.visibility?.(ctx({ x_axis: 'x' }, 0))).toBe(true);
    expect(c.truncateXAxis?.visibility?.(ctx({ x_axis: 'x' }, 2))).toBe(false);
    expect(c.xAxisBounds?.visibility?.(ctx({ x_axis: 'x' }, 0))).toBe(true);
    expect(c.xAxisBounds?.visibility?.(ctx({ x_axis: 'x', truncateXAxis: false }, 0))).toBe(false);
  });
});
