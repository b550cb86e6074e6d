/**
 * Gauge: one progress bar and needle per group of `groupby` values (one without dimensions) on an
 * axis from `min_val` to `max_val` (twice the data's extremes when unset, as the BI server does);
 * optional coloured intervals; the value under the dial in `value_formatter` ("{value} km").
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { GaugeSeriesOption } from 'echarts/charts';
import { getCategoricalScheme, type NumberFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import type { ElementValues } from '../elementCrossFilter';
import { bool, colorDot, escapeHtml, firstQuery, metricLabel, num, str, textWidth, toNumber } from '../utils';
import { cellTextOf, colorScaleOf, columnLabels, metricColumnOf, metricFormatter, rowDimensions, verboseName } from '../flowUtils';

export interface GaugeChartProps {
  echartOptions: EChartsCoreOption;
  elements: ElementValues;
}

/** Sizes of the dial's parts, as multiples of the font size (the BI server's proportions). */
const FONT = {
  axisTickLength: 0.25,
  axisLabelDistance: 1.5,
  axisLabelLength: 0.35,
  splitLineLength: 1,
  detail: 1.2,
};
const TICKS_FROM_LINE = 10;
const TITLE_FROM_CENTER = 20;

/** "2, 4,5" → [2, 4, 5]; anything unreadable → []. */
export function parseNumberList(text: unknown): number[] {
  if (typeof text !== 'string' || !text.trim()) return [];
  const list = text.split(',').map((p) => Number(p.trim()));
  return list.every((n) => Number.isFinite(n)) ? list : [];
}

/**
 * The axis line's colour stops for the intervals: each bound as a fraction of the max, coloured by
 * its 1-based pick from the scheme (else the scheme's colours in order).
 */
export function intervalStops(intervals: unknown, colorIndices: unknown, schemeColors: string[], max: number): [number, string][] {
  const bounds = parseNumberList(intervals);
  const picks = parseNumberList(colorIndices);
  if (!bounds.length || !max) return [];
  return bounds.map((b, i) => {
    const pick = picks[i];
    const color =
      pick !== undefined ? schemeColors[(((pick - 1) % schemeColors.length) + schemeColors.length) % schemeColors.length] : undefined;
    return [Math.min(1, Math.max(0, b / max)), color ?? schemeColors[i % schemeColors.length]];
  });
}

/** Where the gauge's centre sits, as a share of the height (the arc opens downwards). */
const CENTER_Y = 0.55;
/** Room kept between an axis label and the chart's edge. */
const EDGE = 4;
/** A line of text is this many times its font size tall. */
const LINE_HEIGHT = 1.3;

/**
 * The largest radius whose axis labels stay inside the chart. A label's anchor is `extent` px
 * beyond the radius at its angle (degrees, counter-clockwise from 3 o'clock, as ECharts' gauge).
 * ECharts aligns a label towards the centre from its anchor (a side label's outer edge is the
 * anchor; one near the top or bottom is centred on it across, `labelWidth` wide), and likewise
 * vertically (`labelHeight` tall, centred unless near the top or bottom).
 */
export function gaugeRadius(
  width: number,
  height: number,
  angles: number[],
  extent: number,
  labelWidth: number,
  labelHeight: number,
): number {
  const cx = width / 2;
  const cy = height * CENTER_Y;
  let r = Math.min(cx, cy);
  for (const deg of angles) {
    const ux = Math.cos((deg * Math.PI) / 180);
    const uy = -Math.sin((deg * Math.PI) / 180);
    // ECharts: align left / right when |cos| > 0.4, else centre; top / bottom when |sin| > 0.8
    const overX = Math.abs(ux) > 0.4 ? 0 : labelWidth / 2;
    const overY = Math.abs(uy) > 0.8 ? 0 : labelHeight / 2;
    // a few px from each edge: a top-aligned label's glyphs start a little above its anchor
    if (ux > 1e-6) r = Math.min(r, (width - cx - overX - EDGE) / ux - extent);
    if (ux < -1e-6) r = Math.min(r, (cx - overX - EDGE) / -ux - extent);
    if (uy > 1e-6) r = Math.min(r, (height - cy - overY - EDGE) / uy - extent);
    if (uy < -1e-6) r = Math.min(r, (cy - overY - EDGE) / -uy - extent);
  }
  return Math.max(20, r);
}

/**
 * Half the width free for text between `top` and `bottom` px below the centre of a dial whose arc
 * opens downwards from -45° to 225° and whose ring starts at `innerRadius`. Inside the ring it is the
 * circle's half-chord; lower down, where the ring's ends fall away along the 45° lines, it is the
 * depth itself. The narrowest depth of the span counts.
 */
export function freeHalfWidth(innerRadius: number, top: number, bottom: number): number {
  const corner = innerRadius / Math.SQRT2;
  const at = (y: number) => (y >= corner ? y : Math.sqrt(Math.max(0, innerRadius ** 2 - y ** 2)));
  // the free width shrinks down to the ring's ends, then grows: the narrowest point is the one nearest them
  return at(Math.min(Math.max(corner, top), bottom));
}

/**
 * Where the first needle's title goes and how large: at `depth` px below the centre in the chart's
 * font size if it fits between the ring's ends there (`roomAt(depth, line height)`); otherwise as
 * little lower (down to `lowest`) and as little smaller (down to 10 px) as makes it fit, the size
 * kept as large as possible; if nothing fits, 10 px where it was (and cut to the room).
 */
export function gaugeTitlePlacement(
  widthAt: (size: number) => number,
  fontSize: number,
  depth: number,
  lowest: number,
  roomAt: (depth: number, line: number) => number,
): { fontSize: number; depth: number } {
  for (let size = fontSize; size >= Math.min(10, fontSize); size -= 1) {
    const width = widthAt(size);
    for (let d = depth; d <= Math.max(depth, lowest); d += 2)
      if (roomAt(d, size * LINE_HEIGHT) >= width) return { fontSize: size, depth: d };
  }
  return { fontSize: Math.min(10, fontSize), depth };
}

/** `{value}` in the template replaced by the formatted number. */
export const withTemplate = (template: string, format: NumberFormatter) => (value: number) =>
  template.includes('{value}') ? template.replace('{value}', format(value)) : `${format(value)}${template}`;

export function transformProps(input: ChartPropsInput): GaugeChartProps {
  const { formData: fd, width, height, datasource } = input;
  const { data } = firstQuery(input.queriesData);
  const metric = metricColumnOf(input, metricLabel(fd.metric));
  const format = metricFormatter(fd, 'number_format', metricLabel(fd.metric), datasource);
  const formatValue = withTemplate(str(fd.value_formatter, '{value}'), format);
  const fontSize = num(fd.font_size, 15);
  const overlap = bool(fd.overlap, true);
  const scale = colorScaleOf(input);
  const schemeColors = getCategoricalScheme(str(fd.color_scheme, '')).colors;
  const textOf = cellTextOf(input);
  const dims = rowDimensions(fd.groupby, textOf);
  const groupLabels = columnLabels(fd.groupby);

  const items = data.map((row) => {
    // the BI server names a needle "column: value, …" by the columns' verbose names
    const name = groupLabels.length
      ? groupLabels.map((c) => `${verboseName(c, datasource)}: ${textOf(c, row[c])}`).join(', ')
      : metric
        ? verboseName(metric, datasource)
        : '';
    return { name, value: toNumber(metric ? row[metric] : null) ?? 0, values: dims(row).values };
  });
  const colors = items.map((it, i) => (groupLabels.length ? scale.getColor(it.name) : (schemeColors[i] ?? schemeColors[0])));

  const values = items.map((i) => i.value);
  const min = num(fd.min_val, null) ?? 2 * Math.min(0, ...values);
  const max = num(fd.max_val, null) ?? 2 * Math.max(0, ...values);
  const splitNumber = num(fd.split_number, 10);
  const stops = intervalStops(fd.intervals, fd.interval_color_indices, schemeColors, max);

  const axisLineWidth = overlap ? fontSize : Math.max(1, items.length) * fontSize;
  const labels = Array.from({ length: splitNumber }, (_, i) => min + ((max - min) / splitNumber) * i);
  const labelLength = Math.max(1, ...labels.map((l) => format(l).length));
  const showTick = bool(fd.show_axis_tick, false);
  const showSplit = bool(fd.show_split_line, false);
  const tickLength = FONT.axisTickLength * fontSize;
  const splitLength = FONT.splitLineLength * fontSize;
  const labelDistance =
    FONT.axisLabelDistance * fontSize * FONT.axisLabelLength * labelLength +
    (showSplit ? splitLength : 0) +
    (showTick ? tickLength : 0) +
    TICKS_FROM_LINE -
    axisLineWidth;
  const tickDistance = axisLineWidth + tickLength + TICKS_FROM_LINE;
  const startAngle = num(fd.start_angle, 225);
  const endAngle = num(fd.end_angle, -45);
  // ECharts draws a label at radius − split line length − (label distance + split line distance)
  const labelExtent = labelDistance + axisLineWidth + TICKS_FROM_LINE;
  const radius = gaugeRadius(
    width,
    height,
    Array.from({ length: splitNumber + 1 }, (_, i) => startAngle + ((endAngle - startAngle) * i) / splitNumber),
    Math.max(labelExtent, showTick ? tickDistance : 0),
    labelLength * fontSize * 0.62,
    fontSize * 1.2,
  );
  // each needle's title and value stack down from a fifth of the radius below the centre; the steps
  // are in pixels (a line of title, a line of value) so they never overlap, then in percent of the radius
  const pct = (px: number) => `${((px / radius) * 100).toFixed(1)}%`;
  const titleLine = fontSize * LINE_HEIGHT;
  const detailLine = FONT.detail * fontSize * LINE_HEIGHT;
  // from one needle's title to the next one's: its title, its value and a gap
  const needleStep = titleLine + detailLine + 4;
  const innerRadius = radius - axisLineWidth;
  const roomAt = (depth: number, line: number) => 2 * freeHalfWidth(innerRadius, depth - line / 2, depth + line / 2) - 8;
  // below the pointer's hub even on a small dial
  const firstAt = Math.max((TITLE_FROM_CENTER / 100) * radius, fontSize);
  const title = gaugeTitlePlacement(
    (size) => textWidth(items[0]?.name ?? '', size),
    fontSize,
    firstAt,
    // the lowest depth the first title may take, leaving room for its value and the other needles
    height * (1 - CENTER_Y) - titleLine / 2 - detailLine - 4 - (items.length - 1) * needleStep,
    roomAt,
  );
  const titleAt = (i: number) => title.depth + i * needleStep;
  // the other needles' titles take the first one's size, cut where they still do not fit
  const titleStyle = (i: number) => ({
    fontSize: title.fontSize,
    width: Math.max(0, roomAt(titleAt(i), title.fontSize * LINE_HEIGHT)),
    overflow: 'truncate' as const,
  });

  const series: GaugeSeriesOption = {
    type: 'gauge',
    startAngle,
    endAngle,
    min,
    max,
    splitNumber,
    radius,
    center: ['50%', `${CENTER_Y * 100}%`],
    animation: bool(fd.animation, true),
    progress: { show: bool(fd.show_progress, true), overlap, roundCap: bool(fd.round_cap, false), width: fontSize },
    axisLine: {
      roundCap: bool(fd.round_cap, false),
      lineStyle: { width: axisLineWidth, color: stops.length ? stops : [[1, '#e8e8e8']] },
    },
    splitLine: {
      show: showSplit,
      distance: -(axisLineWidth + splitLength + TICKS_FROM_LINE),
      length: splitLength,
      lineStyle: { width: 0.25 * fontSize, color: stops.length ? 'auto' : '#8c8c8c' },
    },
    axisTick: {
      show: showTick,
      distance: -tickDistance,
      length: tickLength,
      lineStyle: { width: 2, color: stops.length ? 'auto' : '#8c8c8c' },
    },
    axisLabel: { distance: -labelDistance, fontSize, formatter: (v: number) => format(v), color: stops.length ? 'auto' : '#595959' },
    pointer: { show: bool(fd.show_pointer, true), showAbove: false, ...(stops.length ? { itemStyle: { color: 'auto' } } : {}) },
    anchor: { show: false },
    detail: {
      valueAnimation: bool(fd.animation, true),
      formatter: (v: number) => formatValue(v),
      color: '#262626',
    },
    data: items.map((it, i) => ({
      name: it.name,
      value: it.value,
      itemStyle: { color: colors[i] },
      title: { offsetCenter: ['0%', pct(titleAt(i))], color: '#595959', ...titleStyle(i) },
      detail: { offsetCenter: ['0%', pct(titleAt(i) + (titleLine + detailLine) / 2)], fontSize: FONT.detail * fontSize },
    })),
  };

  return {
    elements: [items.map((i) => i.values)],
    echartOptions: {
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const item = p as { name: string; value: number; dataIndex: number };
          return `${colorDot(colors[item.dataIndex] ?? '#999')}${escapeHtml(item.name)}: ${escapeHtml(formatValue(item.value))}`;
        },
      },
      series: [series],
    },
  };
}
