/**
 * Tree: rows are nodes (id, parent id, name, metric) assembled into one tree from the root node id,
 * or, without one, from the root that gathers the most nodes among the nodes that are their
 * parent's only child (the BI server's choice: a top node hangs alone under an empty parent).
 * Orthogonal or radial; a click opens and closes a branch.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { TreeSeriesOption } from 'echarts/charts';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, valueText } from '../../crossFilter';
import type { KeyedValues } from '../keyedCrossFilter';
import { columnLabel, firstQuery, metricLabel, num, str, toNumber } from '../utils';
import { metricColumnOf, metricFormatter, tooltipHtml, verboseName } from '../flowUtils';

export interface TreeChartProps {
  echartOptions: EChartsCoreOption;
  keyed: KeyedValues;
}

export interface TreeRow {
  id: string;
  parent: string | null;
  name: string;
  raw: unknown;
  value: number | null;
}

export interface TreeItem {
  name: string;
  value?: number;
  filterKey: string;
  children: TreeItem[];
}

const idText = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : valueText(v));

/** The tree under `rootId` (ids compared as text, so 7 and "7" are one node); a node is used once, so loops end. */
export function treeFrom(rows: TreeRow[], rootId: string): TreeItem | null {
  const root = rows.find((r) => r.id === rootId);
  if (!root) return null;
  const children = new Map<string, TreeRow[]>();
  for (const r of rows) if (r.parent !== null) children.set(r.parent, [...(children.get(r.parent) ?? []), r]);
  const used = new Set<string>();
  const build = (r: TreeRow): TreeItem => {
    used.add(r.id);
    const kids = (children.get(r.id) ?? []).filter((c) => !used.has(c.id)).map(build);
    return { name: r.name, ...(r.value !== null ? { value: r.value } : {}), filterKey: `id:${r.id}`, children: kids };
  };
  return build(root);
}

const size = (t: TreeItem): number => 1 + t.children.reduce((s, c) => s + size(c), 0);

/** The root: the one asked for, else the only child (of its parent) whose tree is largest. */
export function chooseRoot(rows: TreeRow[], rootNodeId: unknown): TreeItem | null {
  const asked = idText(rootNodeId);
  if (asked !== null) return treeFrom(rows, asked);
  const byParent = new Map<string, TreeRow[]>();
  for (const r of rows) {
    const key = r.parent ?? '\u0000';
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  let best: TreeItem | null = null;
  let bestSize = 0;
  for (const kids of byParent.values()) {
    if (kids.length !== 1) continue;
    const t = treeFrom(rows, kids[0].id);
    const n = t ? size(t) : 0;
    if (t && n > bestSize) {
      best = t;
      bestSize = n;
    }
  }
  return best;
}

/** How many nodes the tree has at each depth (the root is depth 0). */
export function levelCounts(tree: TreeItem | null): number[] {
  const counts: number[] = [];
  const walk = (t: TreeItem, d: number) => {
    counts[d] = (counts[d] ?? 0) + 1;
    t.children.forEach((c) => walk(c, d + 1));
  };
  if (tree) walk(tree, 0);
  return counts;
}

/**
 * The levels open at first: as ECharts opens by default (two below the root), fewer when the
 * deepest open level would have more nodes than fit side by side, one at the least.
 */
export function openDepth(counts: number[], fit: number): number {
  let depth = 1;
  for (let d = 2; d <= 2 && d < counts.length; d++) if (counts[d] <= fit) depth = d;
  return depth;
}

export function transformProps(input: ChartPropsInput): TreeChartProps {
  const { formData: fd, datasource } = input;
  const { data } = firstQuery(input.queriesData);
  const id = columnLabel(fd.id) ?? '';
  const parent = columnLabel(fd.parent) ?? '';
  const nameCol = columnLabel(fd.name) ?? id;
  const metricName = metricLabel(fd.metric);
  const metric = metricName ? metricColumnOf(input, metricName, [id, parent]) : null;
  const format = metricFormatter(fd, 'number_format', metricName, datasource);

  const rows: TreeRow[] = data.flatMap((row) => {
    const rid = idText(row[id]);
    if (rid === null) return [];
    return [
      {
        id: rid,
        parent: idText(row[parent]),
        name: valueText(row[nameCol] ?? row[id]),
        raw: row[id],
        value: metric ? toNumber(row[metric]) : null,
      },
    ];
  });
  const tree = chooseRoot(rows, fd.root_node_id);
  const idCol = dimensionColumn(fd.id);
  const keyed: KeyedValues = {};
  for (const r of rows) keyed[`id:${r.id}`] = idCol ? [{ col: idCol, val: r.raw, formattedVal: r.name }] : [];

  const layout = str(fd.layout, 'orthogonal') === 'radial' ? 'radial' : 'orthogonal';
  const orient = str(fd.orient, 'LR') as TreeSeriesOption['orient'];
  const vertical = orient === 'TB' || orient === 'BT';
  // labels need about 16 px of height side by side, 70 px of width above one another, and radially a share of the circle
  const fit =
    layout === 'radial'
      ? Math.floor((Math.PI * Math.min(input.width, input.height)) / 16)
      : vertical
        ? Math.floor(input.width / 70)
        : Math.floor(input.height / 16);
  const series: TreeSeriesOption = {
    type: 'tree',
    data: tree ? [tree] : [],
    layout,
    orient,
    symbol: str(fd.symbol, 'emptyCircle'),
    symbolSize: num(fd.symbolSize, 7),
    roam: fd.roam === undefined ? true : (fd.roam as TreeSeriesOption['roam']),
    initialTreeDepth: num(fd.initialTreeDepth, null) ?? openDepth(levelCounts(tree), fit),
    expandAndCollapse: true,
    animationDuration: 500,
    animationEasing: 'cubicOut',
    // room for the labels beyond the first and last levels
    ...(layout === 'orthogonal' && !vertical
      ? { left: 100, right: 140, top: 16, bottom: 16 }
      : { top: 40, bottom: 40, left: 40, right: 40 }),
    label: { position: str(fd.node_label_position, 'left') as 'left', fontSize: 12, color: '#262626' },
    leaves: { label: { position: str(fd.child_label_position, 'right') as 'right' } },
    lineStyle: { color: '#bfbfbf', width: 1.5 },
    emphasis: { focus: str(fd.emphasis, 'descendant') as 'descendant' },
    select: { itemStyle: { borderWidth: 2 } },
  };
  const metricTitle = metric ? verboseName(metric, datasource) : '';

  return {
    keyed,
    echartOptions: {
      tooltip: {
        trigger: 'item',
        triggerOn: 'mousemove',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const { treeAncestors, value } = p as { treeAncestors?: { name?: string }[]; value?: unknown };
          const path = (treeAncestors ?? []).map((a) => a.name ?? '').filter((n) => n !== '');
          const v = toNumber(value);
          return tooltipHtml(v !== null && metric ? [[metricTitle, format(v)]] : [], path.join(' ▸ '));
        },
      },
      series: [series],
    },
  };
}
