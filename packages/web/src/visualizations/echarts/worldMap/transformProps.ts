/**
 * World map: each row's country code (read as `country_fieldtype`) finds its country; the country
 * is filled along the sequential scheme by the metric (or with its own categorical colour), and
 * with "Show Bubbles" a bubble sized by the second metric sits on it — the radius grows with the
 * square root of the value from 1 px to "Max Bubble Size", as the peer draws it. Rows whose code
 * names no country are left out, as the peer leaves them. Countries too small for the 110m atlas
 * are drawn as dots in their fill colour.
 */
import type { EChartsCoreOption } from 'echarts/core';
import {
  CategoricalColorScale,
  WORLD_BOUNDS,
  findCountry,
  isCountryFieldType,
  millerProjection,
  sequentialColor,
  type Country,
} from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, valueText, type DimensionValue } from '../../crossFilter';
import { colorDot, columnLabel, escapeHtml, firstQuery, metricLabel, num, str, toNumber, bool } from '../utils';
import { metricFormatter, rgbaColor, verboseName } from '../valueFormats';
import { BORDER_COLOR, HOVER_BORDER_COLOR, LEGEND_HEIGHT, NO_DATA_COLOR, geoPlacement, gradientLegend } from '../geo/mapLayout';
import type { RegionFilters } from '../geo/regionInteraction';
import { WORLD_MAP_NAME, WORLD_SHAPES } from './shapes';

export interface WorldMapChartProps {
  echartOptions: EChartsCoreOption;
  /** per country (ISO alpha-3): what a click or a right click on it filters (dashboards) */
  regionFilters: RegionFilters;
}

export interface WorldMapRow {
  country: Country;
  /** the country column's value as the data holds it (what a cross-filter filters on) */
  raw: unknown;
  m1: number | null;
  m2: number | null;
}

/** The rows whose code names a country; a later row for the same country replaces an earlier one. */
export function worldMapRows(input: ChartPropsInput): WorldMapRow[] {
  const { formData: fd, queriesData } = input;
  const { data } = firstQuery(queriesData);
  const entity = columnLabel(fd.entity);
  const m1 = metricLabel(fd.metric);
  const m2 = metricLabel(fd.secondary_metric) ?? m1;
  const fieldType = isCountryFieldType(fd.country_fieldtype) ? fd.country_fieldtype : 'cca2';
  const byCountry = new Map<string, WorldMapRow>();
  for (const row of data) {
    const raw = entity === null ? undefined : row[entity];
    const country = findCountry(fieldType, raw);
    if (!country) continue;
    byCountry.set(country.cca3, {
      country,
      raw,
      m1: m1 === null ? null : toNumber(row[m1]),
      m2: m2 === null ? null : toNumber(row[m2]),
    });
  }
  return [...byCountry.values()];
}

const extent = (values: (number | null)[]): [number, number] | null => {
  const xs = values.filter((v): v is number => v !== null);
  return xs.length ? [Math.min(...xs), Math.max(...xs)] : null;
};

/** Bubble radius: √value mapped linearly from the smallest to the largest onto 1 … max px. */
export function bubbleRadius(value: number | null, sqrtExtent: [number, number] | null, max: number): number {
  if (value === null || value < 0 || !sqrtExtent) return 0;
  const [lo, hi] = sqrtExtent;
  if (hi === lo) return max;
  return 1 + ((Math.sqrt(value) - lo) / (hi - lo)) * (max - 1);
}

/** The picker's colour at `alpha` (the peer drops the picker's own alpha: bubbles are half see-through, their rims solid). */
function withAlpha(rgba: string, alpha: number): string {
  const m = /^rgba?\((\d+),(\d+),(\d+)/.exec(rgba.replace(/\s/g, ''));
  const [r, g, b] = m ? m.slice(1, 4) : ['0', '122', '135'];
  return `rgba(${r},${g},${b},${alpha})`;
}

export function transformProps(input: ChartPropsInput): WorldMapChartProps {
  const { formData: fd, datasource, width, height } = input;
  const rows = worldMapRows(input);
  const m1Label = metricLabel(fd.metric);
  const m2Label = metricLabel(fd.secondary_metric) ?? m1Label;
  const format = metricFormatter(fd.y_axis_format, m1Label, datasource);
  const format2 = metricFormatter(fd.y_axis_format, m2Label, datasource);
  const m1Name = m1Label === null ? '' : verboseName(m1Label, datasource);
  const m2Name = m2Label === null ? '' : verboseName(m2Label, datasource);

  // fills: along the sequential scheme by the metric, or one categorical colour per country
  const byCountry = str(fd.color_by, 'metric') === 'country';
  const scheme = str(fd.linear_color_scheme, '');
  const range = extent(rows.map((r) => r.m1));
  const scale = input.colorScale ?? new CategoricalColorScale(str(fd.color_scheme, ''), (fd.label_colors as Record<string, string>) ?? {});
  const fillOf = (r: WorldMapRow): string => {
    if (byCountry) return scale.getColor(r.country.name);
    if (r.m1 === null || !range) return NO_DATA_COLOR;
    return sequentialColor(scheme, range[1] === range[0] ? 0.5 : (r.m1 - range[0]) / (range[1] - range[0]));
  };
  const fills = new Map(rows.map((r) => [r.country.cca3, fillOf(r)]));
  const byKey = new Map(rows.map((r) => [r.country.cca3, r]));

  const showBubbles = bool(fd.show_bubbles, false);
  const maxBubble = Math.max(1, num(fd.max_bubble_size, 25));
  const sqrtRange = extent(rows.map((r) => (r.m2 !== null && r.m2 >= 0 ? Math.sqrt(r.m2) : null)));
  const picked = rgbaColor(fd.color_picker, 'rgba(0,122,135,1)');
  const bubbleColor = withAlpha(picked, 1);

  const legend = !byCountry && range && rows.length > 0;
  const placement = geoPlacement(millerProjection, WORLD_BOUNDS, width, height, legend ? LEGEND_HEIGHT : 0);

  const regions = rows
    .filter((r) => WORLD_SHAPES.has(r.country.cca3))
    .map((r) => {
      const fill = fills.get(r.country.cca3);
      return { name: r.country.cca3, itemStyle: { areaColor: fill }, emphasis: { itemStyle: { areaColor: fill } } };
    });
  const dots = rows
    .filter((r) => !WORLD_SHAPES.has(r.country.cca3))
    .map((r) => ({ name: r.country.cca3, value: [r.country.lng, r.country.lat], itemStyle: { color: fills.get(r.country.cca3) } }));
  const bubbles = showBubbles
    ? rows
        .map((r) => ({ r, radius: bubbleRadius(r.m2, sqrtRange, maxBubble) }))
        .filter(({ radius }) => radius > 0)
        // large bubbles first, so small ones stay on top and can be hovered
        .sort((a, b) => b.radius - a.radius)
        .map(({ r, radius }) => ({ name: r.country.cca3, value: [r.country.lng, r.country.lat, r.m2], symbolSize: radius * 2 }))
    : [];

  const dimension = dimensionColumn(fd.entity);
  const regionFilters: RegionFilters = Object.fromEntries(
    rows.map((r) => {
      const values: DimensionValue[] = dimension ? [{ col: dimension, val: r.raw ?? null, formattedVal: valueText(r.raw) }] : [];
      return [r.country.cca3, { label: r.country.name, values }];
    }),
  );

  const tooltip = (p: unknown): string => {
    const { name, seriesId } = p as { name?: string; seriesId?: string };
    const r = name ? byKey.get(name) : undefined;
    // a country without a value: its name only
    if (!r) return name ? `<div style="font-weight:600">${escapeHtml(findCountry('cca3', name)?.name ?? name)}</div>` : '';
    const bubble = seriesId === 'bubbles';
    const value = bubble ? format2(r.m2) : format(r.m1);
    const dot = bubble ? colorDot(bubbleColor) : colorDot(fills.get(r.country.cca3) ?? NO_DATA_COLOR);
    return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(r.country.name)}</div>${dot}${escapeHtml(bubble ? m2Name : m1Name)}: ${escapeHtml(value)}`;
  };

  return {
    regionFilters,
    echartOptions: {
      animation: false,
      tooltip: { trigger: 'item', confine: true, transitionDuration: 0, formatter: tooltip },
      geo: {
        map: WORLD_MAP_NAME,
        ...placement,
        roam: false,
        silent: false,
        tooltip: { show: true, formatter: tooltip },
        itemStyle: { areaColor: NO_DATA_COLOR, borderColor: BORDER_COLOR, borderWidth: 0.5 },
        emphasis: { label: { show: false }, itemStyle: { areaColor: NO_DATA_COLOR, borderColor: HOVER_BORDER_COLOR, borderWidth: 1 } },
        select: { disabled: true },
        label: { show: false },
        regions,
      },
      series: [
        {
          id: 'dots',
          type: 'scatter',
          coordinateSystem: 'geo',
          symbolSize: 7,
          itemStyle: { borderColor: BORDER_COLOR, borderWidth: 1 },
          emphasis: { itemStyle: { borderColor: HOVER_BORDER_COLOR } },
          data: dots,
          z: 3,
        },
        {
          id: 'bubbles',
          type: 'scatter',
          coordinateSystem: 'geo',
          itemStyle: { color: withAlpha(picked, 0.5), borderColor: bubbleColor, borderWidth: 1 },
          emphasis: { itemStyle: { color: withAlpha(picked, 0.85), borderColor: HOVER_BORDER_COLOR, borderWidth: 2 } },
          data: bubbles,
          z: 4,
        },
      ],
      graphic: legend && range ? [gradientLegend(scheme, format(range[0]), format(range[1]), height)] : [],
    },
  };
}
