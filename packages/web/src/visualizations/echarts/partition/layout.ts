/**
 * The partition's icicle layout, pure: one horizontal band per metric; in a band the levels are
 * columns from the left (the metric, then each dimension) and a node is as tall as its share of
 * its parent (by |value|, or log(1 + |value|) on a log scale; points in time equally tall with
 * "Equal date sizes"). Each node keeps at most `limit` children, the largest, and none under
 * `threshold` of it; what they leave out is one box, "N more". d3-hierarchy's partition places the boxes.
 */
import { t } from '../../../i18n';
import { hierarchy, partition } from 'd3-hierarchy';
import { DTTM, type PartitionNode } from './partitionData';

export interface PartitionSettings {
  limit: number;
  threshold: number;
  logScale: boolean;
  equalDateSize: boolean;
}

export interface PartitionRect {
  /** `metric/child/child…` indexes: what zooming and cross-filters refer to */
  key: string;
  node: PartitionNode;
  /** the nodes from the metric's root down to this one */
  path: PartitionNode[];
  /** share of the band's root */
  share: number;
  x: number;
  y: number;
  w: number;
  h: number;
  /** the strip left of a zoomed node that zooms back out */
  back?: boolean;
  /** the room of the children pruned away (a box of their own, "N more") */
  rest?: boolean;
}

/** The node shown whole: a metric's index and the child indexes down to the node. */
export interface PartitionZoom {
  metric: number;
  path: number[];
}

interface LayoutNode {
  key: string;
  node: PartitionNode;
  weight: number;
  rest: boolean;
  children: LayoutNode[];
}

const BACK_STRIP = 20;

/** A node's kept children with their shares of it (sorted: time in order, the rest largest first). */
export function keptChildren(node: PartitionNode, s: PartitionSettings): { child: PartitionNode; index: number; share: number }[] {
  const size = (c: PartitionNode) => {
    const v = Math.abs(c.val ?? 0);
    return s.logScale ? Math.log1p(v) : v;
  };
  const equal = node.children.length > 0 && (s.equalDateSize ? node.children.every((c) => c.column === DTTM) : false);
  const sizes = node.children.map((c) => (equal ? 1 : size(c)));
  const total = sizes.reduce((a, b) => a + b, 0);
  const shares = sizes.map((v) => (total > 0 ? v / total : 1 / Math.max(1, sizes.length)));
  const list = node.children.map((child, index) => ({ child, index, share: shares[index] }));
  const byTime = node.children.every((c) => c.column === DTTM);
  if (!byTime) list.sort((a, b) => b.share - a.share);
  const ranked = [...list].sort((a, b) => b.share - a.share).slice(0, Math.max(1, s.limit));
  const keep = new Set(ranked.filter((r) => r.share >= s.threshold || equal).map((r) => r.index));
  return list.filter((r) => keep.has(r.index));
}

function toLayout(node: PartitionNode, key: string, weight: number, s: PartitionSettings, rest = false): LayoutNode {
  const kept = keptChildren(node, s);
  const children = kept.map((k) => toLayout(k.child, `${key}/${k.index}`, weight * k.share, s));
  const room = weight - children.reduce((a, c) => a + c.weight, 0);
  // pruned children keep their room, as one box, rather than stretch the others
  const pruned = node.children.filter((_, i) => !kept.some((k) => k.index === i));
  if (pruned.length && room > weight * 1e-9) {
    const val = pruned.reduce((a, c) => a + (c.val ?? 0), 0);
    const others: PartitionNode = {
      name: t('visualizations:partition.more', { count: pruned.length }),
      raw: null,
      column: pruned[0].column,
      val,
      children: [],
    };
    children.push({ key: `${key}/rest`, node: others, weight: room, rest: true, children: [] });
  }
  return { key, node, weight, rest, children };
}

/** The node a zoom names, with the path to it (null when the data no longer has it). */
export function zoomTarget(trees: PartitionNode[], zoom: PartitionZoom): { node: PartitionNode; path: PartitionNode[] } | null {
  let node = trees[zoom.metric];
  if (!node) return null;
  const path = [node];
  for (const i of zoom.path) {
    node = node.children[i];
    if (!node) return null;
    path.push(node);
  }
  return { node, path };
}

export function layoutPartition(
  trees: PartitionNode[],
  s: PartitionSettings,
  width: number,
  height: number,
  zoom: PartitionZoom | null,
): PartitionRect[] {
  const target = zoom ? zoomTarget(trees, zoom) : null;
  const bands =
    target && zoom
      ? [{ index: zoom.metric, root: target.node, above: target.path.slice(0, -1), key: [zoom.metric, ...zoom.path].join('/') }]
      : trees.map((root, index) => ({ index, root, above: [] as PartitionNode[], key: String(index) }));
  const bandHeight = height / Math.max(1, bands.length);
  const rects: PartitionRect[] = [];
  bands.forEach((band, b) => {
    const top = b * bandHeight;
    const gap = bands.length > 1 ? 3 : 0;
    const left = band.above.length ? BACK_STRIP : 0;
    if (band.above.length) {
      const parent = band.above[band.above.length - 1];
      rects.push({
        key: band.key.split('/').slice(0, -1).join('/'),
        node: parent,
        path: band.above,
        share: 1,
        x: 0,
        y: top,
        w: BACK_STRIP - 2,
        h: bandHeight - gap,
        back: true,
      });
    }
    const root = hierarchy<LayoutNode>(toLayout(band.root, band.key, 1, s), (d) => d.children).sum((d) =>
      d.children.length ? 0 : d.weight,
    );
    const placed = partition<LayoutNode>().size([bandHeight - gap, width - left])(root);
    const byNode = new Map<PartitionNode, PartitionNode[]>();
    placed.each((d) => {
      const n = d.data.node;
      const parentPath = d.parent ? (byNode.get(d.parent.data.node) ?? band.above) : band.above;
      const path = [...parentPath, n];
      byNode.set(n, path);
      const box = { key: d.data.key, node: n, path, share: d.data.weight, x: left + d.y0, y: top + d.x0, w: d.y1 - d.y0, h: d.x1 - d.x0 };
      rects.push(d.data.rest ? { ...box, rest: true } : box);
    });
  });
  return rects;
}
