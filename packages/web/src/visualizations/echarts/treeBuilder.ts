/**
 * The hierarchy of the treemap, sunburst and partition: rows nested by their dimension columns in
 * order, each node summing its children's metric values (the BI server's treeBuilder). Nodes keep
 * the order their first row came in (the query's order: largest first when sorted by the metric).
 * Pure.
 */
import type { DimensionValue } from '../crossFilter';
import { dimensionColumn } from '../crossFilter';
import { columnLabel, toNumber } from './utils';

export interface HierarchyNode {
  /** the text the node shows */
  name: string;
  /** the raw value of its column */
  raw: unknown;
  /** the result column of its level */
  column: string;
  value: number;
  secondaryValue: number;
  /** the filter values from the root to this node (physical columns only) */
  path: DimensionValue[];
  /** the texts from the root to this node */
  names: string[];
  children: HierarchyNode[];
}

export interface HierarchyOptions {
  /** the form field listing the levels (`groupby`, `columns`) */
  levels: unknown;
  metric: string | null;
  secondaryMetric?: string | null;
  textOf: (column: string, value: unknown) => string;
}

export function buildHierarchy(
  rows: Record<string, unknown>[],
  { levels, metric, secondaryMetric, textOf }: HierarchyOptions,
): HierarchyNode[] {
  const list = Array.isArray(levels) ? (levels as unknown[]) : levels ? [levels] : [];
  const cols = list
    .map((l) => ({ label: columnLabel(l), col: dimensionColumn(l) }))
    .filter((c): c is { label: string; col: string | null } => c.label !== null);
  const roots: HierarchyNode[] = [];
  const index = new Map<string, HierarchyNode>();
  for (const row of rows) {
    const value = metric ? (toNumber(row[metric]) ?? 0) : 0;
    const secondary = secondaryMetric ? (toNumber(row[secondaryMetric]) ?? 0) : value;
    let siblings = roots;
    let key = '';
    let parentPath: DimensionValue[] = [];
    let parentNames: string[] = [];
    for (const c of cols) {
      const raw = row[c.label] ?? null;
      const name = textOf(c.label, raw);
      key += `\u0000${name}`;
      let node = index.get(key);
      if (!node) {
        const path: DimensionValue[] = [...parentPath, ...(c.col ? [{ col: c.col, val: raw, formattedVal: name }] : [])];
        node = { name, raw, column: c.label, value: 0, secondaryValue: 0, path, names: [...parentNames, name], children: [] };
        index.set(key, node);
        siblings.push(node);
      }
      node.value += value;
      node.secondaryValue += secondary;
      parentPath = node.path;
      parentNames = node.names;
      siblings = node.children;
    }
  }
  return roots;
}

/** Every node, parents before their children. */
export function eachNode(nodes: HierarchyNode[], visit: (node: HierarchyNode, depth: number) => void, depth = 0): void {
  for (const n of nodes) {
    visit(n, depth);
    eachNode(n.children, visit, depth + 1);
  }
}

/** A hierarchy node's label for the label types of the treemap and the sunburst. */
export function nodeLabel(labelType: string, name: string, value: number, format: (v: number) => string): string {
  if (labelType === 'value') return format(value);
  if (labelType === 'key_value') return `${name}: ${format(value)}`;
  return name;
}
