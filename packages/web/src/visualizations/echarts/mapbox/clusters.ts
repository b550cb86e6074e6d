/**
 * The point map's markers at a zoom (pure): points are clustered in screen pixels (the clustering
 * radius is in pixels, as the peer's), a cluster drawn as a glow whose size grows with the square
 * root of its count (or label aggregate) up to the base radius, with that number on it; a single
 * point drawn as a dot of a sixth of the base radius, or of its own radius (pixels, or kilometres
 * and miles on the ground), with its label on it.
 */
import {
  aggregateCluster,
  clusterLabel,
  clusterPoints,
  mercatorProjection,
  pixelOffset,
  type ClusterAggregator,
  type MapView,
} from '@rama/shared';
import { escapeHtml } from '../utils';

export interface MapboxPoint {
  lon: number;
  lat: number;
  /** the label column's value: a number is aggregated per cluster, text labels the point */
  label: number | string | null;
  /** the point-radius column's value */
  radius: number | null;
}

export type RadiusUnit = 'Pixels' | 'Miles' | 'Kilometers';

/** Everything the markers are drawn from at any zoom (built by transformProps.ts). */
export interface MapboxModel {
  points: MapboxPoint[];
  /** what the label column is called (tooltips) */
  labelName: string | null;
  radiusName: string | null;
  /** the label column holds numbers: clusters show their aggregate, not their count */
  aggregator: ClusterAggregator | null;
  clusteringRadius: number;
  pointRadiusUnit: RadiusUnit;
  /** [r, g, b] */
  rgb: [number, number, number];
  opacity: number;
  renderWhileDragging: boolean;
  /** `mapbox_style`: which Mapbox style the tiles have, when the server has a Mapbox key */
  style: string | null;
  /** the view fitted to the points at the chart's size */
  view: MapView;
  /** zoom limits relative to the fitted view: out to the whole world, in to street level */
  minZoom: number;
  maxZoom: number;
}

/** The peer's base point radius: clusters grow to it, single points are a sixth of it. */
export const POINT_RADIUS = 60;

const KM_PER_DEGREE = 111.32;
const KM_PER_MILE = 1.609344;
/** Clusters smaller than this cannot hold their number. */
const MIN_CLUSTER_RADIUS = 10;

export interface MapboxMarkers {
  clusters: Record<string, unknown>[];
  points: Record<string, unknown>[];
}

/** Dark text on light colours, white on dark ones (the peer's luminance threshold). */
export function textColorOn([r, g, b]: [number, number, number]): string {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b <= 110 ? '#ffffff' : '#000000';
}

/** A point's radius in pixels at this zoom. */
function pointRadius(p: MapboxPoint, props: MapboxModel, zoom: number, range: [number, number] | null): number {
  const base = POINT_RADIUS / 6;
  if (p.radius === null || !Number.isFinite(p.radius)) return base;
  if (props.pointRadiusUnit === 'Pixels') {
    // the values spread over a sixth to a third of the base radius
    if (!range || range[1] === range[0]) return POINT_RADIUS / 4;
    return base + ((p.radius - range[0]) / (range[1] - range[0])) * (POINT_RADIUS / 3 - base);
  }
  const km = props.pointRadiusUnit === 'Miles' ? p.radius * KM_PER_MILE : p.radius;
  const degrees = km / (KM_PER_DEGREE * Math.max(0.01, Math.cos((p.lat * Math.PI) / 180)));
  return Math.max(1, degrees * props.view.scale * zoom);
}

const rgba = ([r, g, b]: [number, number, number], a: number) => `rgba(${r},${g},${b},${Math.round(a * 1000) / 1000})`;

const round2 = (v: number) => Math.round(v * 100) / 100;

export function mapboxMarkers(props: MapboxModel, zoom: number): MapboxMarkers {
  const { points, rgb, opacity } = props;
  const pixels = points.map((p) => {
    const [x, y] = pixelOffset(mercatorProjection, props.view, zoom, [p.lon, p.lat]);
    return { x, y };
  });
  const groups = clusterPoints(pixels, props.clusteringRadius);
  const singles = groups.filter((g) => g.members.length === 1).map((g) => g.members[0]);
  const clusters = groups
    .filter((g) => g.members.length > 1)
    .map((g) => {
      const members = g.members.map((i) => points[i]);
      const labels = members.map((m) => m.label).filter((v): v is number => typeof v === 'number');
      const aggregate = props.aggregator ? aggregateCluster(labels, props.aggregator) : null;
      const lon = members.reduce((s, m) => s + m.lon, 0) / members.length;
      const lat = members.reduce((s, m) => s + m.lat, 0) / members.length;
      return { lon, lat, count: members.length, value: aggregate ?? members.length };
    });
  const maxValue = Math.max(1, ...clusters.map((c) => c.value));
  const text = textColorOn(rgb);
  const radii = points.map((p) => p.radius).filter((r): r is number => r !== null && Number.isFinite(r));
  const range: [number, number] | null = radii.length ? [Math.min(...radii), Math.max(...radii)] : null;

  return {
    clusters: clusters.map((c) => {
      const r = Math.max(MIN_CLUSTER_RADIUS, Math.sqrt(Math.max(0, c.value) / maxValue) * POINT_RADIUS);
      return {
        value: [c.lon, c.lat, c.count, c.value],
        symbolSize: r * 2,
        itemStyle: {
          color: {
            type: 'radial',
            x: 0.5,
            y: 0.5,
            r: 0.5,
            colorStops: [
              { offset: 0, color: rgba(rgb, 0.8 * opacity) },
              { offset: 0.55, color: rgba(rgb, 0.6 * opacity) },
              { offset: 1, color: rgba(rgb, 0) },
            ],
          },
        },
        label: { show: true, formatter: clusterLabel(c.value), fontSize: Math.max(9, Math.min(18, r * 0.5)), color: text, opacity },
      };
    }),
    points: singles.map((i) => {
      const p = points[i];
      const r = pointRadius(p, props, zoom, range);
      const shown = p.label === null ? null : typeof p.label === 'number' ? String(round2(p.label)) : p.label;
      return {
        value: [p.lon, p.lat],
        symbolSize: r * 2,
        point: i,
        label: shown === null ? { show: false } : { show: true, formatter: shown, fontSize: Math.max(8, Math.min(14, r)), width: r * 1.8 },
      };
    }),
  };
}

/** The two marker series: glowing clusters over plain dots, with tooltips that escape every label. */
export function mapboxSeries(props: MapboxModel, zoom: number): Record<string, unknown>[] {
  const { clusters, points } = mapboxMarkers(props, zoom);
  const text = textColorOn(props.rgb);
  const aggregateName = props.aggregator && props.labelName ? `${props.aggregator} of ${props.labelName}` : null;
  return [
    {
      id: 'points',
      type: 'scatter',
      coordinateSystem: 'geo',
      data: points,
      itemStyle: { color: rgba(props.rgb, props.opacity) },
      label: { position: 'inside', color: text, overflow: 'truncate', opacity: props.opacity },
      emphasis: { scale: 1.15 },
      tooltip: {
        formatter: (p: unknown) => {
          const point = props.points[(p as { data?: { point?: number } }).data?.point ?? -1];
          if (!point) return '';
          const lines = [`${point.lat.toFixed(4)}, ${point.lon.toFixed(4)}`];
          if (point.label !== null && props.labelName) lines.unshift(`${escapeHtml(props.labelName)}: ${escapeHtml(String(point.label))}`);
          if (point.radius !== null && props.radiusName) lines.push(`${escapeHtml(props.radiusName)}: ${escapeHtml(String(point.radius))}`);
          return lines.join('<br/>');
        },
      },
      z: 3,
    },
    {
      id: 'clusters',
      type: 'scatter',
      coordinateSystem: 'geo',
      data: clusters,
      label: { position: 'inside' },
      emphasis: { scale: 1.08 },
      tooltip: {
        formatter: (p: unknown) => {
          const [, , count, value] = ((p as { value?: unknown[] }).value ?? []) as number[];
          const head = `<div style="font-weight:600">${escapeHtml(String(count))} points</div>`;
          return aggregateName ? `${head}${escapeHtml(aggregateName)}: ${escapeHtml(String(round2(value)))}` : head;
        },
      },
      z: 4,
    },
  ];
}
