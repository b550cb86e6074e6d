import { describe, expect, it } from 'vitest';
import { getVizDefinition } from './registry.js';
import { sharedControls } from './sharedControls.js';

const rowsOf = (vizType: string) => getVizDefinition(vizType)?.controlPanel.sections.flatMap((s) => s.controlSetRows.flat()) ?? [];

describe('currency_format control', () => {
  it('is the currency picker, and only redraws the chart', () => {
    expect(sharedControls.currency_format).toMatchObject({ type: 'CurrencyControl', label: 'Currency format', renderTrigger: true });
  });

  it.each([
    'echarts_timeseries',
    'echarts_timeseries_line',
    'echarts_timeseries_bar',
    'echarts_area',
    'echarts_timeseries_scatter',
    'echarts_timeseries_smooth',
    'echarts_timeseries_step',
    'mixed_timeseries',
    'pie',
    'big_number_total',
    'big_number',
    'pivot_table_v2',
    'funnel',
    'gauge_chart',
    'treemap_v2',
    'sunburst_v2',
    'heatmap_v2',
    'waterfall',
  ])('%s offers it right after its number format', (vizType) => {
    const rows = rowsOf(vizType);
    const format = ['y_axis_format', 'number_format', 'valueFormat'].find((name) => rows.includes(name));
    expect(format).toBeDefined();
    expect(rows.indexOf('currency_format')).toBe(rows.indexOf(format!) + 1);
  });

  it('the mixed chart has a second one for the secondary axis, and the numeric x axis bounds', () => {
    const panel = getVizDefinition('mixed_timeseries')!.controlPanel;
    const rows = rowsOf('mixed_timeseries');
    expect(rows.indexOf('currency_format_secondary')).toBe(rows.indexOf('y_axis_format_secondary') + 1);
    expect(panel.controls.currency_format_secondary).toMatchObject({ type: 'CurrencyControl', label: 'Secondary currency format' });
    expect(rows).toEqual(expect.arrayContaining(['truncateXAxis', 'xAxisBounds']));
    expect(panel.controls.xAxisBounds).toBe(getVizDefinition('echarts_timeseries_line')!.controlPanel.controls.xAxisBounds);
  });
});
