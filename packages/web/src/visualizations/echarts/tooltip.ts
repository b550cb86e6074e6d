/**
 * Tooltip HTML for the cartesian charts. ECharts calls a formatter on every pointer move across
 * the plot, so the work per call is kept to string joins: the escaped names and colour dots are
 * prepared once per option, and user text only ever enters the HTML escaped.
 */
import { t } from '../../i18n';
import type { TooltipComponentFormatterCallbackParams } from 'echarts';
import type { NumberFormatter } from '@rama/shared';
import { colorDot, escapeHtml } from './utils';

/** Per series index: the escaped name and its dot, prepared once. */
export interface TooltipSeries {
  html: string;
  dot: string;
}

export function tooltipSeries(names: string[], colors: string[]): TooltipSeries[] {
  return names.map((n, i) => ({ html: escapeHtml(n), dot: colorDot(colors[i] ?? '#999') }));
}

export interface AxisTooltipOptions {
  /** per series index; a hole is a helper series (a streamgraph's baseline) the tooltip leaves out */
  series: (TooltipSeries | undefined)[];
  /** the x value (epoch ms or a category) → header text */
  formatX: (x: unknown) => string;
  formatY: NumberFormatter;
  /** which dimension of a point holds the value: 1 for [x, y], 0 for [y, x] (horizontal bars) */
  valueDim: 0 | 1 | null;
  sortByValue: boolean;
  showTotal: boolean;
}

type Params = TooltipComponentFormatterCallbackParams;
type OneParam = Exclude<Params, unknown[]>;

function valueOf(p: OneParam, valueDim: 0 | 1 | null): number | null {
  const v = valueDim === null || !Array.isArray(p.value) ? p.value : p.value[valueDim];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

const row = (s: TooltipSeries | undefined, value: string, bold = false): string =>
  `<div style="display:flex;justify-content:space-between;gap:16px${bold ? ';font-weight:600' : ''}"><span>${s ? s.dot + s.html : ''}</span><span>${value}</span></div>`;

/** The rich tooltip: every series at the hovered x, optionally sorted by value, with the stack's total. */
export function axisTooltipFormatter(opts: AxisTooltipOptions): (params: Params) => string {
  return (params) => {
    const list = Array.isArray(params) ? params : [params];
    if (list.length === 0) return '';
    const first = list[0] as OneParam & { axisValue?: unknown };
    const rows: { s: TooltipSeries | undefined; v: number | null }[] = [];
    let total = 0;
    for (const p of list) {
      const v = valueOf(p, opts.valueDim);
      if (v === null) continue;
      const s = opts.series[p.seriesIndex ?? -1];
      if (!s && (p.seriesIndex ?? -1) < opts.series.length) continue;
      total += v;
      rows.push({ s, v });
    }
    if (opts.sortByValue) rows.sort((a, b) => (b.v ?? 0) - (a.v ?? 0));
    let html = `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(opts.formatX(first.axisValue ?? first.name))}</div>`;
    for (const r of rows) html += row(r.s, escapeHtml(opts.formatY(r.v)));
    if (opts.showTotal && rows.length > 1)
      html += row({ html: escapeHtml(t('visualizations:total')), dot: '' }, escapeHtml(opts.formatY(total)), true);
    return html;
  };
}

/** The item tooltip: the hovered point only. */
export function itemTooltipFormatter(
  opts: Omit<AxisTooltipOptions, 'sortByValue' | 'showTotal'> & { xDim: 0 | 1 | null },
): (params: Params) => string {
  return (params) => {
    const p = (Array.isArray(params) ? params[0] : params) as OneParam | undefined;
    if (!p) return '';
    const x = opts.xDim !== null && Array.isArray(p.value) ? p.value[opts.xDim] : p.name;
    const header = `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(opts.formatX(x))}</div>`;
    return header + row(opts.series[p.seriesIndex ?? -1], escapeHtml(opts.formatY(valueOf(p, opts.valueDim))));
  };
}
