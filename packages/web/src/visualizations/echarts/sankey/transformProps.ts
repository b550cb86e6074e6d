/**
 * Sankey: one node per value of the source and target columns, one band per row from source to
 * target as wide as the metric. A node's size is the larger of what flows in and what flows out.
 * The layout needs a graph without loops: a loop (A → B → A) is reported instead of drawn.
 */
import { t } from '../../../i18n';
import type { EChartsCoreOption } from 'echarts/core';
import type { SankeySeriesOption } from 'echarts/charts';
import { getNumberFormatter } from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, type DimensionValue } from '../../crossFilter';
import type { KeyedValues } from '../keyedCrossFilter';
import { columnLabel, firstQuery, metricLabel, toNumber } from '../utils';
import { cellTextOf, colorScaleOf, metricColumnOf, metricFormatter, tooltipHtml, verboseName } from '../flowUtils';

export interface SankeyChartProps {
  echartOptions: EChartsCoreOption;
  keyed: KeyedValues;
}

export interface SankeyLink {
  source: string;
  target: string;
  value: number;
}

/** The message shown for data the layout cannot draw. */

/** A loop among the links (its node names in order), or null for a graph without loops. */
export function findLoop(links: SankeyLink[]): string[] | null {
  const out = new Map<string, string[]>();
  for (const l of links) out.set(l.source, [...(out.get(l.source) ?? []), l.target]);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    state.set(n, 'open');
    stack.push(n);
    for (const m of out.get(n) ?? []) {
      if (state.get(m) === 'open') return [...stack.slice(stack.indexOf(m)), m];
      if (!state.has(m)) {
        const loop = visit(m);
        if (loop) return loop;
      }
    }
    stack.pop();
    state.set(n, 'done');
    return null;
  };
  for (const n of out.keys()) {
    if (state.has(n)) continue;
    const loop = visit(n);
    if (loop) return loop;
  }
  return null;
}

const percentFormat = getNumberFormatter('.2%');

export function transformProps(input: ChartPropsInput): SankeyChartProps {
  const { formData: fd, datasource } = input;
  const { data } = firstQuery(input.queriesData);
  const source = columnLabel(fd.source) ?? '';
  const target = columnLabel(fd.target) ?? '';
  const metric = metricColumnOf(input, metricLabel(fd.metric));
  const format = metricFormatter(fd, 'number_format', metricLabel(fd.metric), datasource);
  const textOf = cellTextOf(input);
  const sourceCol = dimensionColumn(fd.source);
  const targetCol = dimensionColumn(fd.target);

  const links: SankeyLink[] = [];
  const raw = new Map<string, { col: string | null; val: unknown; asSource: boolean }>();
  for (const row of data) {
    const s = textOf(source, row[source]);
    const t = textOf(target, row[target]);
    const value = toNumber(metric ? row[metric] : null) ?? 0;
    if (value <= 0) continue;
    if (!raw.has(s)) raw.set(s, { col: sourceCol, val: row[source] ?? null, asSource: true });
    if (!raw.has(t)) raw.set(t, { col: targetCol, val: row[target] ?? null, asSource: false });
    links.push({ source: s, target: t, value });
  }
  const loop = findLoop(links);
  if (loop) throw new Error(t('visualizations:sankey.loop', { loop: loop.join(' → ') }));

  const incoming = new Map<string, number>();
  const outgoing = new Map<string, number>();
  for (const l of links) {
    outgoing.set(l.source, (outgoing.get(l.source) ?? 0) + l.value);
    incoming.set(l.target, (incoming.get(l.target) ?? 0) + l.value);
  }
  const nodeValue = (n: string) => Math.max(incoming.get(n) ?? 0, outgoing.get(n) ?? 0);

  const scale = colorScaleOf(input);
  const keyed: KeyedValues = {};
  const nodes = [...raw.entries()].map(([name, r], i) => {
    const filterKey = `node${i}`;
    keyed[filterKey] = r.col ? [{ col: r.col, val: r.val, formattedVal: name }] : [];
    return { name, filterKey, itemStyle: { color: scale.getColor(name) } };
  });
  const linkItems = links.map((l, i) => {
    const filterKey = `link${i}`;
    const values: DimensionValue[] = [];
    const s = raw.get(l.source);
    const t = raw.get(l.target);
    if (sourceCol && s) values.push({ col: sourceCol, val: s.val, formattedVal: l.source });
    if (targetCol && t && targetCol !== sourceCol) values.push({ col: targetCol, val: t.val, formattedVal: l.target });
    keyed[filterKey] = values;
    return { ...l, filterKey };
  });
  const metricName = metric ? verboseName(metric, datasource) : '';

  const series: SankeySeriesOption = {
    type: 'sankey',
    animation: false,
    left: 16,
    right: 120,
    top: 16,
    bottom: 16,
    nodeGap: 10,
    nodeWidth: 16,
    draggable: false,
    emphasis: { focus: 'adjacency' },
    lineStyle: { color: 'source', opacity: 0.35, curveness: 0.5 },
    label: { color: '#262626', fontSize: 12, overflow: 'truncate', width: 110 },
    data: nodes,
    links: linkItems,
  };

  return {
    keyed,
    echartOptions: {
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const { dataType, data: item } = p as { dataType?: string; data?: { name?: string } & Partial<SankeyLink> };
          if (dataType === 'edge' && item?.source !== undefined && item.target !== undefined) {
            const value = item.value ?? 0;
            return tooltipHtml(
              [
                [metricName, format(value)],
                [`% (${item.source})`, percentFormat(value / (nodeValue(item.source) || 1))],
                [`% (${item.target})`, percentFormat(value / (nodeValue(item.target) || 1))],
              ],
              `${item.source} → ${item.target}`,
            );
          }
          const name = item?.name ?? '';
          return tooltipHtml([[metricName, format(nodeValue(name))]], name);
        },
      },
      series: [series],
    },
  };
}
