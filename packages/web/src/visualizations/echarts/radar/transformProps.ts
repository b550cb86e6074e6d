/**
 * Radar: one polygon per group of `groupby` values, one spoke per metric. A spoke runs from 0 (or
 * the data's minimum, or the `column_config` min) to the data's maximum (or the configured max);
 * "Normalize values" scales each polygon by its own largest value so shapes compare.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { RadarSeriesOption } from 'echarts/charts';
import type { ChartPropsInput } from '../../types';
import type { ElementValues } from '../elementCrossFilter';
import { addPadding, bool, colorDot, escapeHtml, firstQuery, legendLayout, metricLabel, str, toNumber } from '../utils';
import { cellTextOf, colorScaleOf, metricFormatter, rowDimensions, verboseName } from '../flowUtils';

export interface RadarChartProps {
  echartOptions: EChartsCoreOption;
  elements: ElementValues;
}

interface SpokeConfig {
  radarMetricMinValue?: number | null;
  radarMetricMaxValue?: number | null;
}

/**
 * A spoke's range: a configured max, else ECharts' own rounded max over the data; the min is 0
 * (the centre), the data's minimum when configured empty, or the configured value.
 */
export function spokeRange(values: number[], config: SpokeConfig | undefined): { min: number; max?: number } {
  const dataMin = values.length ? Math.min(...values) : 0;
  let min = 0;
  if (config && 'radarMetricMinValue' in config) {
    min = typeof config.radarMetricMinValue === 'number' ? config.radarMetricMinValue : dataMin;
  }
  const max = config?.radarMetricMaxValue;
  return typeof max === 'number' ? { min, max } : { min };
}

export function transformProps(input: ChartPropsInput): RadarChartProps {
  const { formData: fd, width, height, datasource } = input;
  const { data } = firstQuery(input.queriesData);
  const metrics = (Array.isArray(fd.metrics) ? fd.metrics : []).map(metricLabel).filter((m): m is string => m !== null);
  const dims = rowDimensions(fd.groupby, cellTextOf(input));
  const normalized = bool(fd.is_normalized, false);
  const scale = colorScaleOf(input);
  const formats = metrics.map((m) => metricFormatter(fd, 'number_format', m, datasource));
  const config = (fd.column_config ?? {}) as Record<string, SpokeConfig | undefined>;

  const rows = data.map((row) => {
    const d = dims(row);
    const values = metrics.map((m) => toNumber(row[m]) ?? 0);
    return { name: d.name || 'series', values, dims: d.values };
  });
  const names = rows.map((r) => r.name);
  const colors = names.map((n) => scale.getColor(n));

  const indicator = metrics.map((m, i) => {
    const name = verboseName(m, datasource);
    if (normalized) return { name, min: 0, max: 1 };
    return {
      name,
      ...spokeRange(
        rows.map((r) => r.values[i]),
        config[m],
      ),
    };
  });
  const plotted = rows.map((r) => {
    if (!normalized) return r.values;
    const top = Math.max(...r.values);
    return r.values.map((v) => (top ? v / top : 0));
  });

  const labelType = str(fd.label_type, 'value');
  const { legend, padding } = legendLayout(fd, names, width, height);
  const room = addPadding(padding, { top: 8, right: 8, bottom: 8, left: 8 });
  const w = Math.max(40, width - room.left - room.right);
  const h = Math.max(40, height - room.top - room.bottom);
  // the spokes' names sit beyond their ends: keep room for the widest beside, one line above and below
  const nameWidth = Math.min(160, Math.max(0, ...indicator.map((i) => i.name.length * 6.5)) + 12);
  const radius = Math.max(10, Math.min((w - 2 * nameWidth) / 2, h / 2 - 22));

  const series: RadarSeriesOption = {
    type: 'radar',
    animation: false,
    emphasis: { label: { show: true, fontWeight: 'bold', backgroundColor: '#fff' } },
    data: rows.map((r, i) => ({
      name: r.name,
      value: plotted[i],
      itemStyle: { color: colors[i] },
      lineStyle: { color: colors[i] },
      label: {
        show: bool(fd.show_labels, true),
        position: str(fd.label_position, 'top') as 'top',
        // the real value, also where the polygon is normalized
        formatter: (p: { dimensionIndex?: number }) => {
          const k = p.dimensionIndex ?? 0;
          const value = formats[k](r.values[k]);
          return labelType === 'key_value' ? `${indicator[k]?.name ?? ''}: ${value}` : value;
        },
      },
    })),
  };

  return {
    elements: [rows.map((r) => r.dims)],
    echartOptions: {
      legend,
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const item = p as { dataIndex: number };
          const r = rows[item.dataIndex];
          if (!r) return '';
          const head = `<div style="font-weight:600;margin-bottom:4px">${colorDot(colors[item.dataIndex] ?? '#999')}${escapeHtml(r.name)}</div>`;
          return (
            head +
            indicator
              .map(
                (ind, k) =>
                  `<div style="display:flex;justify-content:space-between;gap:16px"><span>${escapeHtml(ind.name)}</span><span style="font-weight:600">${escapeHtml(formats[k](r.values[k]))}</span></div>`,
              )
              .join('')
          );
        },
      },
      radar: {
        shape: bool(fd.is_circle, false) ? 'circle' : 'polygon',
        indicator,
        center: [room.left + w / 2, room.top + h / 2],
        radius,
        axisName: { color: '#434343', fontSize: 12 },
        splitArea: { areaStyle: { color: ['#fafafa', '#f3f4f6'] } },
      },
      series: [series],
    },
  };
}
