/**
 * The point map (the peer's MapBox chart): rows → points with an optional label (a number is
 * aggregated per cluster, text labels points) and radius, the view that fits them, and the base
 * map — drawn offline from world-atlas and us-atlas, Web Mercator as map tiles are. Clusters are
 * made in the browser at the current zoom (clusters.ts), so panning and zooming re-cluster
 * without a query.
 */
import { sharedText } from '../../../i18n';
import type { EChartsCoreOption } from 'echarts/core';
import {
  CLUSTER_AGGREGATORS,
  MAPBOX_COLOR_PATTERN,
  WORLD_BOUNDS,
  boundsOf,
  getColumnLabel,
  fitMapView,
  mapboxLabelOf,
  mapboxRadiusOf,
  mercatorProjection,
  padBounds,
  type ClusterAggregator,
} from '@rama/shared';
import type { ChartPropsInput } from '../../types';
import { mapboxSeries, type MapboxModel, type MapboxPoint } from './clusters';
import { bool, columnLabel, firstQuery, num, str, toNumber } from '../utils';

export interface MapboxChartProps {
  model: MapboxModel;
  /** the base map and the markers at the fitted view */
  echartOptions: EChartsCoreOption;
  /** a setting the map cannot draw with, shown instead of the map */
  error: string | null;
}

export const BASE_MAP_NAME = 'rama-base';
/** Pixels per degree at the peer's deepest zoom (16, 256 px tiles). */
const MAX_PX_PER_DEGREE = (256 * 2 ** 16) / 360;

const WATER = '#dde4e8';
const LAND = '#f7f7f4';
const BORDERS = '#c3c8cd';

function parseRgb(v: unknown): [number, number, number] | null {
  const m = typeof v === 'string' ? MAPBOX_COLOR_PATTERN.exec(v.trim()) : null;
  if (!m) return null;
  const c = m.slice(1, 4).map(Number);
  return c.every((x) => x <= 255) ? [c[0], c[1], c[2]] : null;
}

const labelValue = (v: unknown): number | string | null => {
  if (v === null || v === undefined || v === '') return null;
  return toNumber(v) ?? String(v);
};

export function mapboxPoints(input: ChartPropsInput): MapboxPoint[] {
  const { formData: fd, queriesData } = input;
  const { data } = firstQuery(queriesData);
  const x = columnLabel(fd.all_columns_x);
  const y = columnLabel(fd.all_columns_y);
  const label = mapboxLabelOf(fd);
  const labelCol = label === null ? null : getColumnLabel(label);
  const radius = mapboxRadiusOf(fd);
  const radiusCol = radius === null ? null : getColumnLabel(radius);
  if (x === null || y === null) return [];
  const out: MapboxPoint[] = [];
  for (const row of data) {
    const lon = toNumber(row[x]);
    const lat = toNumber(row[y]);
    if (lon === null || lat === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    out.push({
      lon,
      lat,
      label: labelCol === null ? null : labelValue(row[labelCol]),
      radius: radiusCol === null ? null : toNumber(row[radiusCol]),
    });
  }
  return out;
}

export function transformProps(input: ChartPropsInput): MapboxChartProps {
  const { formData: fd, width, height } = input;
  const points = mapboxPoints(input);
  const rgb = parseRgb(fd.mapbox_color);
  const label = mapboxLabelOf(fd);
  const radius = mapboxRadiusOf(fd);
  const numericLabels = points.some((p) => typeof p.label === 'number');
  const aggregatorName = str(fd.pandas_aggfunc, 'sum');
  const aggregator = (CLUSTER_AGGREGATORS as readonly string[]).includes(aggregatorName) ? (aggregatorName as ClusterAggregator) : 'sum';
  const bounds = boundsOf(points.map((p): [number, number] => [p.lon, p.lat]));
  // a little room round the outermost points; one point still gets a city-sized view
  const padded = bounds
    ? padBounds(
        {
          west: bounds.west - (bounds.east - bounds.west) * 0.05,
          east: bounds.east + (bounds.east - bounds.west) * 0.05,
          south: bounds.south - (bounds.north - bounds.south) * 0.05,
          north: bounds.north + (bounds.north - bounds.south) * 0.05,
        },
        0.2,
      )
    : WORLD_BOUNDS;
  const view = fitMapView(mercatorProjection, padded, width, height, 4);
  const world = fitMapView(mercatorProjection, WORLD_BOUNDS, width, height, 4);
  const minZoom = Math.min(1, world.scale / view.scale);
  const maxZoom = Math.max(1, MAX_PX_PER_DEGREE / view.scale);
  const unit = str(fd.point_radius_unit, 'Pixels');
  const opacity = Math.min(1, Math.max(0, num(fd.global_opacity, 1)));
  const model: MapboxModel = {
    points,
    labelName: label === null ? null : getColumnLabel(label),
    radiusName: radius === null ? null : getColumnLabel(radius),
    aggregator: label !== null && numericLabels ? aggregator : null,
    clusteringRadius: Math.max(0, num(fd.clustering_radius, 60)),
    pointRadiusUnit: unit === 'Miles' || unit === 'Kilometers' ? unit : 'Pixels',
    rgb: rgb ?? [0, 139, 139],
    opacity,
    renderWhileDragging: bool(fd.render_while_dragging, true),
    style: typeof fd.mapbox_style === 'string' && fd.mapbox_style !== '' ? fd.mapbox_style : null,
    view,
    minZoom,
    maxZoom,
  };
  return {
    model,
    error: rgb ? null : sharedText('messages', "Color field must be of form 'rgb(%d, %d, %d)'"),
    echartOptions: {
      animation: false,
      backgroundColor: WATER,
      tooltip: { trigger: 'item', confine: true, transitionDuration: 0 },
      geo: {
        map: BASE_MAP_NAME,
        projection: { project: mercatorProjection.project, unproject: mercatorProjection.unproject },
        boundingCoords: view.boundingCoords,
        layoutCenter: ['50%', '50%'],
        layoutSize: view.layoutSize,
        roam: true,
        scaleLimit: { min: minZoom, max: maxZoom },
        itemStyle: { areaColor: LAND, borderColor: BORDERS, borderWidth: 0.6 },
        emphasis: { disabled: true },
        select: { disabled: true },
        label: { show: false },
        tooltip: { show: false },
      },
      series: mapboxSeries(model, 1),
    },
  };
}
