/**
 * Graph: one node per value of the source and target columns, one edge per row. A node's size
 * grows with the sum of its edges' metric (the largest 4× the smallest), an edge's width with its
 * own; nodes are coloured by their category (source or target category column) with a legend of
 * the categories. Force-directed or circular layout.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { GraphSeriesOption } from 'echarts/charts';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, valueText } from '../../crossFilter';
import type { KeyedValues } from '../keyedCrossFilter';
import { addPadding, bool, columnLabel, firstQuery, legendLayout, metricLabel, num, str, toNumber } from '../utils';
import { cellTextOf, colorScaleOf, metricColumnOf, metricFormatter, tooltipHtml, verboseName } from '../flowUtils';

export interface GraphChartProps {
  echartOptions: EChartsCoreOption;
  keyed: KeyedValues;
}

interface GraphNode {
  id: string;
  name: string;
  column: string;
  raw: unknown;
  value: number;
  category?: string;
}

/** A category's name: booleans say which column they are, nulls read N/A (the BI server's naming). */
export function categoryName(column: string, value: unknown): string {
  if (value === true || value === false) return `${column}: ${String(value)}`;
  if (value === null || value === undefined) return 'N/A';
  return valueText(value);
}

type EdgeSymbol = 'none' | 'circle' | 'arrow';
export function edgeSymbols(text: unknown): [EdgeSymbol, EdgeSymbol] {
  const ok = (s: string | undefined): EdgeSymbol => (s === 'circle' || s === 'arrow' ? s : 'none');
  const [a, b] = typeof text === 'string' ? text.split(',') : [];
  return [ok(a), ok(b)];
}

/** `base / 2` for the smallest value to `base * 2` for the largest. */
export const sizeScale = (values: number[], base: number) => {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return (v: number) => (hi > lo ? base / 2 + ((v - lo) / (hi - lo)) * (base * 2 - base / 2) : base);
};

/**
 * How many node names a graph of `width` × `height` px may show: about one name (a 100 × 16 px
 * label beside its node, and room around it, as nodes cluster) per 24,000 px², at least 3. The
 * names within the budget that still collide are hidden by the series' `labelLayout.hideOverlap`
 * (the larger node keeps its name: ECharts ranks labels by their node's area).
 */
export function graphLabelBudget(width: number, height: number): number {
  return Math.max(3, Math.floor((width * height) / 24000));
}

export function transformProps(input: ChartPropsInput): GraphChartProps {
  const { formData: fd, datasource, width, height } = input;
  const { data } = firstQuery(input.queriesData);
  const source = columnLabel(fd.source) ?? '';
  const target = columnLabel(fd.target) ?? '';
  const sourceCategory = columnLabel(fd.source_category);
  const targetCategory = columnLabel(fd.target_category);
  const metric = metricColumnOf(input, metricLabel(fd.metric));
  const format = metricFormatter(fd, 'number_format', metricLabel(fd.metric), datasource);
  const textOf = cellTextOf(input);
  const scale = colorScaleOf(input);

  const nodes = new Map<string, GraphNode>();
  const categories: string[] = [];
  const nodeOf = (name: string, column: string, raw: unknown, category: string | undefined) => {
    let node = nodes.get(name);
    if (!node) {
      node = { id: String(nodes.size), name, column, raw, value: 0 };
      nodes.set(name, node);
    }
    if (category !== undefined) {
      if (!categories.includes(category)) categories.push(category);
      node.category ??= category;
    }
    return node;
  };
  const edges: { source: GraphNode; target: GraphNode; value: number }[] = [];
  for (const row of data) {
    const value = toNumber(metric ? row[metric] : null) ?? 0;
    if (!value) continue;
    const s = nodeOf(
      textOf(source, row[source]),
      source,
      row[source] ?? null,
      sourceCategory ? categoryName(sourceCategory, row[sourceCategory]) : undefined,
    );
    const t = nodeOf(
      textOf(target, row[target]),
      target,
      row[target] ?? null,
      targetCategory ? categoryName(targetCategory, row[targetCategory]) : undefined,
    );
    s.value += value;
    t.value += value;
    edges.push({ source: s, target: t, value });
  }

  const nodeList = [...nodes.values()];
  const nodeSize = sizeScale(
    nodeList.map((n) => n.value),
    num(fd.baseNodeSize, 20),
  );
  const edgeWidth = sizeScale(
    edges.map((e) => e.value),
    num(fd.baseEdgeWidth, 3),
  );
  const firstColor = scale.getColor(categories[0] ?? '');
  const colorOf = (n: GraphNode) => (n.category !== undefined ? scale.getColor(n.category) : firstColor);
  const threshold = num(fd.showSymbolThreshold, 0);
  const columnFor = new Map([
    [source, dimensionColumn(fd.source)],
    [target, dimensionColumn(fd.target)],
  ]);

  // names only for as many nodes as the chart has room to name (the largest first), and of those
  // only the ones that do not cover another (labelLayout below); the others are named on hover and
  // in the tooltip
  const labelBudget = graphLabelBudget(width, height);
  const labelled = new Set(
    [...nodeList]
      .filter((n) => !threshold || n.value > threshold)
      .sort((a, b) => b.value - a.value)
      .slice(0, labelBudget)
      .map((n) => n.id),
  );
  const keyed: KeyedValues = {};
  const seriesNodes = nodeList.map((n) => {
    const col = columnFor.get(n.column) ?? null;
    keyed[`node${n.id}`] = col ? [{ col, val: n.raw, formattedVal: n.name }] : [];
    return {
      id: n.id,
      name: n.name,
      value: n.value,
      category: n.category !== undefined ? categories.indexOf(n.category) : undefined,
      symbolSize: nodeSize(n.value),
      itemStyle: { color: colorOf(n) },
      label: { show: labelled.has(n.id) },
      filterKey: `node${n.id}`,
    };
  });
  const sourceCol = dimensionColumn(fd.source);
  const targetCol = dimensionColumn(fd.target);
  const seriesLinks = edges.map((e, i) => {
    const filterKey = `edge${i}`;
    keyed[filterKey] = [
      ...(sourceCol ? [{ col: sourceCol, val: e.source.raw, formattedVal: e.source.name }] : []),
      ...(targetCol && targetCol !== sourceCol ? [{ col: targetCol, val: e.target.raw, formattedVal: e.target.name }] : []),
    ];
    const w = edgeWidth(e.value);
    return {
      source: e.source.id,
      target: e.target.id,
      value: e.value,
      filterKey,
      lineStyle: { width: w, color: colorOf(e.source) },
      emphasis: { lineStyle: { width: Math.max(5, Math.min(w * 2, 20)) } },
    };
  });

  const { legend, padding } = legendLayout(
    { ...fd, show_legend: bool(fd.show_legend, true) && categories.length > 0 },
    categories,
    width,
    height,
  );
  const room = addPadding(padding, { top: 8, right: 8, bottom: 8, left: 8 });
  const layout = str(fd.layout, 'force') === 'circular' ? 'circular' : 'force';
  const metricName = metric ? verboseName(metric, datasource) : '';
  const roam = fd.roam === undefined ? true : (fd.roam as GraphSeriesOption['roam']);
  const selectedMode = fd.selectedMode === undefined ? 'single' : (fd.selectedMode as GraphSeriesOption['selectedMode']);

  const forceScale = Math.min(1, Math.max(0.35, Math.min(width - room.left - room.right, height - room.top - room.bottom) / 500));
  const series: GraphSeriesOption = {
    type: 'graph',
    layout,
    ...room,
    zoom: layout === 'force' ? 0.7 : 1,
    roam,
    draggable: bool(fd.draggable, false),
    selectedMode,
    edgeSymbol: edgeSymbols(fd.edgeSymbol ?? 'none,arrow'),
    edgeSymbolSize: num(fd.baseEdgeWidth, 3) * 2,
    categories: categories.map((c) => ({ name: c, itemStyle: { color: scale.getColor(c) } })),
    force: {
      initLayout: 'circular',
      // laid out at once (77 nodes take a few ms): the drawn chart (and a report's picture of it) is
      // the settled graph, not nodes still drifting into place
      layoutAnimation: false,
      // the forces are set for a large chart; a small tile scales them down so the graph stays in view
      edgeLength: num(fd.edgeLength, 400) * forceScale,
      gravity: num(fd.gravity, 0.3),
      repulsion: num(fd.repulsion, 1000) * forceScale * forceScale,
      friction: num(fd.friction, 0.2),
    },
    circular: { rotateLabel: true },
    label: {
      position: 'right',
      distance: 5,
      fontSize: 12,
      color: '#262626',
      overflow: 'truncate',
      ellipsis: '…',
      width: Math.max(60, Math.min(120, Math.round(width * 0.18))),
    },
    // a name that would cover another is hidden, the smaller node's (ECharts core lays labels out)
    labelLayout: { hideOverlap: true },
    lineStyle: { curveness: 0.1, opacity: 0.6 },
    emphasis: { focus: 'adjacency', label: { show: true } },
    select: { itemStyle: { borderWidth: 3, opacity: 1 }, label: { fontWeight: 'bolder' } },
    data: seriesNodes,
    links: seriesLinks,
  };

  return {
    keyed,
    echartOptions: {
      animationDuration: 500,
      animationEasing: 'cubicOut',
      legend,
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const { dataType, data: item } = p as {
            dataType?: string;
            data?: { name?: string; source?: string; target?: string; value?: number };
          };
          if (dataType === 'edge' && item) {
            const s = nodeList[Number(item.source)]?.name ?? '';
            const t = nodeList[Number(item.target)]?.name ?? '';
            return tooltipHtml([[metricName, format(item.value ?? 0)]], `${s} > ${t}`);
          }
          return tooltipHtml([[metricName, format(item?.value ?? 0)]], item?.name ?? '');
        },
      },
      series: [series],
    },
  };
}
