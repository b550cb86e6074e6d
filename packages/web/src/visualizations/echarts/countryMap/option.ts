/**
 * The country map's ECharts option once its shapes are in: the subdivisions on a geo component
 * fitted to the box, filled by their value, the legend under them, and the view zoomed on a
 * subdivision when one is focused (a click in Explore zooms in, as the peer's map does). Pure.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { Position } from 'geojson';
import { identityProjection, mercatorProjection, type GeoBounds, type MapProjection } from '@rama/shared';
import type { RegionCollection } from '../geo/atlas';
import { BORDER_COLOR, HOVER_BORDER_COLOR, LEGEND_HEIGHT, NO_DATA_COLOR, geoPlacement, gradientLegend } from '../geo/mapLayout';
import { escapeHtml, colorDot } from '../utils';
import type { CountryMapChartProps } from './transformProps';

/** How much a click on a subdivision zooms in. */
export const FOCUS_ZOOM = 4;

export interface CountryShapes {
  /** the name the shapes are registered under in ECharts */
  mapName: string;
  collection: RegionCollection;
  /** us-atlas' Albers USA is already projected (y down); GeoJSON files are longitude/latitude */
  projected: boolean;
}

const polygonsOf = (g: RegionCollection['features'][number]['geometry']): Position[][][] => {
  if (g.type === 'Polygon') return [g.coordinates];
  if (g.type === 'MultiPolygon') return g.coordinates;
  return [];
};

/** The extent of the shapes in their own coordinates; for projected (y down) shapes north is the top, the smaller y. */
export function shapeBounds(collection: RegionCollection, projected: boolean): GeoBounds | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const f of collection.features) {
    for (const polygon of polygonsOf(f.geometry)) {
      for (const [x, y] of polygon[0] ?? []) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
  }
  if (!Number.isFinite(minX)) return null;
  return projected ? { west: minX, east: maxX, north: minY, south: maxY } : { west: minX, east: maxX, north: maxY, south: minY };
}

/** The area centre of a subdivision's largest polygon, projected (where a focus zoom centres). */
export function regionCentre(collection: RegionCollection, key: string, projection: MapProjection): [number, number] | null {
  const f = collection.features.find((x) => x.properties.name === key);
  if (!f) return null;
  let best: { area: number; x: number; y: number } | null = null;
  for (const polygon of polygonsOf(f.geometry)) {
    const ring = (polygon[0] ?? []).map((p) => projection.project([p[0], p[1]]));
    let a = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const cross = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
      a += cross;
      cx += (ring[j][0] + ring[i][0]) * cross;
      cy += (ring[j][1] + ring[i][1]) * cross;
    }
    if (a !== 0 && (!best || Math.abs(a) > best.area)) best = { area: Math.abs(a), x: cx / (3 * a), y: cy / (3 * a) };
  }
  return best ? [best.x, best.y] : null;
}

export function countryMapOption(
  props: Pick<CountryMapChartProps, 'regions' | 'legend' | 'format' | 'metricName'>,
  shapes: CountryShapes,
  width: number,
  height: number,
  focus: string | null,
): EChartsCoreOption {
  const projection = shapes.projected ? identityProjection : mercatorProjection;
  const bounds = shapeBounds(shapes.collection, shapes.projected) ?? { west: -1, east: 1, north: 1, south: -1 };
  const legendRoom = props.legend ? LEGEND_HEIGHT : 0;
  const placement = geoPlacement(projection, bounds, width, height, legendRoom);
  const centre = focus === null ? null : regionCentre(shapes.collection, focus, projection);
  const labels = new Map(shapes.collection.features.map((f) => [f.properties.name, f.properties.label]));
  const byKey = new Map(props.regions.map((r) => [r.key, r]));
  const tooltip = (p: unknown): string => {
    const name = (p as { name?: string }).name ?? '';
    const r = byKey.get(name);
    const title = `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(labels.get(name) ?? name)}</div>`;
    return r ? `${title}${colorDot(r.fill)}${escapeHtml(props.metricName)}: ${escapeHtml(props.format(r.value))}` : title;
  };
  return {
    animation: false,
    tooltip: { trigger: 'item', confine: true, transitionDuration: 0, formatter: tooltip },
    geo: {
      map: shapes.mapName,
      ...placement,
      ...(centre ? { center: centre, zoom: FOCUS_ZOOM } : {}),
      roam: false,
      silent: false,
      tooltip: { show: true, formatter: tooltip },
      itemStyle: { areaColor: NO_DATA_COLOR, borderColor: BORDER_COLOR, borderWidth: 0.7 },
      emphasis: { label: { show: false }, itemStyle: { areaColor: NO_DATA_COLOR, borderColor: HOVER_BORDER_COLOR, borderWidth: 1.2 } },
      select: { disabled: true },
      label: { show: false },
      regions: props.regions.map((r) => ({
        name: r.key,
        itemStyle: { areaColor: r.fill },
        emphasis: { itemStyle: { areaColor: r.fill } },
      })),
    },
    series: [],
    graphic: props.legend ? [gradientLegend(props.legend.scheme, props.legend.min, props.legend.max, height)] : [],
  };
}
