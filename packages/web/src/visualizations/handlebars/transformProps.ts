/**
 * Handlebars: the template, the query's rows it is applied to (`data`; the legacy `__timestamp`
 * as a date, as the BI server gives it) and the chart's CSS. The component runs the template and
 * sanitizes its HTML (render.ts), so the template engine stays in the type's own chunk.
 */
import { DEFAULT_HANDLEBARS_TEMPLATE } from '@rama/shared';
import type { ChartPropsInput } from '../types';
import { firstQuery } from '../echarts/utils';
import { DTTM_ALIAS } from '../legacyTimeseries';

export interface HandlebarsChartProps {
  template: string;
  data: Record<string, unknown>[];
  /** the user's CSS as typed (sanitized and scoped when drawn) */
  css: string;
}

export function transformProps(input: ChartPropsInput): HandlebarsChartProps {
  const { formData: fd, queriesData } = input;
  const { data } = firstQuery(queriesData);
  const template =
    typeof fd.handlebarsTemplate === 'string'
      ? fd.handlebarsTemplate
      : typeof fd.handlebars_template === 'string'
        ? fd.handlebars_template
        : DEFAULT_HANDLEBARS_TEMPLATE;
  return {
    template,
    data: data.map((row) => (typeof row[DTTM_ALIAS] === 'number' ? { ...row, [DTTM_ALIAS]: new Date(row[DTTM_ALIAS]) } : row)),
    css: typeof fd.styleTemplate === 'string' ? fd.styleTemplate : '',
  };
}
