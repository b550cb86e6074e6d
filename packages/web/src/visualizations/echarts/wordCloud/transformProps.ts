/**
 * Word cloud: the reply (the series column and one metric) → words whose font size grows linearly
 * from zero to the largest value between the minimum and maximum sizes, coloured by word from the
 * scheme, turned by the rotation setting.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { CategoricalColorScale } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, valueText, type DimensionValue } from '../../crossFilter';
import { columnLabel, escapeHtml, firstQuery, metricLabel, num, str, toNumber } from '../utils';
import type { ElementValues } from '../elementCrossFilter';
import { metricFormatter, verboseName } from '../valueFormats';

export interface WordCloudChartProps {
  echartOptions: EChartsCoreOption;
  elements: ElementValues;
}

/** The rotation setting → the layout's angle range and step (degrees). */
export function rotationRange(rotation: unknown): { rotationRange: [number, number]; rotationStep: number } {
  if (rotation === 'flat') return { rotationRange: [0, 0], rotationStep: 90 };
  if (rotation === 'random') return { rotationRange: [-90, 90], rotationStep: 30 };
  return { rotationRange: [0, 90], rotationStep: 90 };
}

/** A word's font size: linear in the value with zero at zero, from `from` up to `to` for the largest. */
export function fontSize(value: number, max: number, from: number, to: number): number {
  if (!(max > 0)) return to;
  return from + (Math.max(0, value) / max) * (to - from);
}

export function transformProps(input: ChartPropsInput): WordCloudChartProps {
  const { formData: fd, queriesData, datasource } = input;
  const { colnames, data } = firstQuery(queriesData);
  const series = columnLabel(fd.series) ?? colnames[0] ?? '';
  const metric = metricLabel(fd.metric) ?? colnames[1] ?? '';
  const from = num(fd.size_from, 10);
  const to = Math.max(from, num(fd.size_to, 70));
  const format = metricFormatter(null, metric, datasource);
  const scale =
    input.colorScale ?? new CategoricalColorScale(str(fd.color_scheme, ''), (fd.label_colors as Record<string, string> | undefined) ?? {});
  const words = data
    .map((row) => ({ text: valueText(row[series]), raw: row[series] ?? null, value: toNumber(row[metric]) ?? 0 }))
    .filter((w) => w.text !== '');
  const max = words.reduce((m, w) => Math.max(m, w.value), 0);
  const column = dimensionColumn(fd.series);
  const dims: DimensionValue[][] = words.map((w) => (column ? [{ col: column, val: w.raw, formattedVal: w.text }] : []));
  const metricName = verboseName(metric, datasource);

  return {
    elements: [dims],
    echartOptions: {
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const { name, value } = p as { name: string; value: number };
          return `<div style="font-weight:600">${escapeHtml(name)}</div>${escapeHtml(`${metricName}: ${format(value)}`)}`;
        },
      },
      series: [
        {
          type: 'wordCloud',
          shape: 'circle',
          left: 'center',
          top: 'center',
          width: '98%',
          height: '98%',
          ...rotationRange(fd.rotation),
          // sizes are set per word (linear from zero, as the BI server scales them); the range is a fallback
          sizeRange: [from, to],
          gridSize: Math.max(2, Math.round(from / 3)),
          drawOutOfBound: false,
          shrinkToFit: true,
          layoutAnimation: false,
          textStyle: { fontFamily: 'Inter, Helvetica, Arial, sans-serif', fontWeight: 600 },
          emphasis: { focus: 'self', textStyle: { textShadowBlur: 4, textShadowColor: 'rgba(0,0,0,0.25)' } },
          data: words.map((w) => ({
            name: w.text,
            value: w.value,
            textStyle: { color: scale.getColor(w.text), fontSize: Math.round(fontSize(w.value, max, from, to)) },
          })),
        },
      ],
    },
  };
}
