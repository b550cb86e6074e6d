import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, QueryFormData } from '@rama/shared';
import { mapboxMarkers, mapboxSeries, textColorOn } from './clusters';
import { nextZoom } from './nextZoom';
import { transformProps } from './transformProps';

type Obj = Record<string, unknown>;

/** Airports round San Francisco and New York, raw rows as the server returns them. */
const airports = {
  colnames: ['latitude', 'longitude', 'name'],
  coltypes: [0, 0, 1],
  data: [
    { latitude: 37.62, longitude: -122.37, name: 'San Francisco Intl' },
    { latitude: 37.72, longitude: -122.22, name: 'Oakland Intl' },
    { latitude: 37.36, longitude: -121.93, name: 'San Jose Intl' },
    { latitude: 40.64, longitude: -73.78, name: 'John F Kennedy Intl' },
    { latitude: 40.78, longitude: -73.87, name: 'LaGuardia' },
    { latitude: null, longitude: -70, name: 'no position' },
  ],
  rowcount: 6,
} as unknown as ChartDataQueryResult;

const fd = (extra: Obj = {}): QueryFormData => ({
  viz_type: 'mapbox',
  datasource: '2__table',
  all_columns_x: 'longitude',
  all_columns_y: 'latitude',
  mapbox_label: [],
  clustering_radius: '60',
  point_radius: 'Auto',
  point_radius_unit: 'Pixels',
  pandas_aggfunc: 'sum',
  mapbox_color: 'rgb(0, 139, 139)',
  global_opacity: 1,
  ...extra,
});
const run = (formData: QueryFormData, r = airports) =>
  transformProps({ formData, queriesData: [r], datasource: null, width: 800, height: 500 });

describe('mapbox transformProps', () => {
  it('points with a position; the view fits them, from the whole world out to street level', () => {
    const { model, error } = run(fd());
    expect(error).toBeNull();
    expect(model.points).toHaveLength(5);
    const [[west, north], [east, south]] = model.view.boundingCoords;
    expect(west).toBeLessThan(-122.37);
    expect(east).toBeGreaterThan(-73.78);
    expect(north).toBeGreaterThan(40.78);
    expect(south).toBeLessThan(37.36);
    expect(model.minZoom).toBeLessThan(1);
    expect(model.maxZoom).toBeGreaterThan(100);
  });

  it('at the fitted view each coast is one cluster of its points', () => {
    const { model, echartOptions } = run(fd());
    const { clusters, points } = mapboxMarkers(model, 1);
    expect(clusters.map((c) => (c.value as number[])[2]).sort()).toEqual([2, 3]);
    expect(points).toEqual([]);
    const series = (echartOptions as { series: Obj[] }).series;
    expect(series.map((s) => s.id)).toEqual(['points', 'clusters']);
    // the larger cluster is drawn at the base radius, the smaller by the square root of its share
    const sizes = clusters.map((c) => c.symbolSize as number).sort((a, b) => a - b);
    expect(sizes[1]).toBe(120);
    expect(sizes[0]).toBeCloseTo(120 * Math.sqrt(2 / 3), 6);
  });

  it('zoomed in far enough, the clusters break into points; radius 0 turns clustering off', () => {
    const { model } = run(fd());
    const far = mapboxMarkers(model, 200);
    expect(far.clusters).toEqual([]);
    expect(far.points).toHaveLength(5);
    expect(mapboxMarkers(run(fd({ clustering_radius: '0' })).model, 1).points).toHaveLength(5);
  });

  it('a numeric label is aggregated on clusters with the aggregator; a text label names points', () => {
    const withElevation = {
      ...airports,
      colnames: ['elevation', 'latitude', 'longitude'],
      data: (airports.data as Obj[]).map((r, i) => ({ ...r, elevation: [13, 9, 62, 13, 21, 0][i] })),
    } as unknown as ChartDataQueryResult;
    const { model } = run(fd({ mapbox_label: ['elevation'], pandas_aggfunc: 'max' }), withElevation);
    expect(model.aggregator).toBe('max');
    const labels = mapboxMarkers(model, 1)
      .clusters.map((c) => (c.label as Obj).formatter)
      .sort();
    expect(labels).toEqual(['21', '62']);
    const named = run(fd({ mapbox_label: ['name'] })).model;
    expect(named.aggregator).toBeNull();
    const point = mapboxMarkers(named, 200).points.find((p) => (p.label as Obj).formatter === 'LaGuardia');
    expect(point).toBeDefined();
  });

  it('point radius in kilometres grows with the zoom', () => {
    const withRadius = {
      ...airports,
      data: (airports.data as Obj[]).map((r) => ({ ...r, range: 10 })),
    } as unknown as ChartDataQueryResult;
    const { model } = run(fd({ point_radius: 'range', point_radius_unit: 'Kilometers', clustering_radius: '0' }), withRadius);
    const at = (zoom: number) => mapboxMarkers(model, zoom).points[0].symbolSize as number;
    expect(at(40)).toBeCloseTo(at(20) * 2, 6);
  });

  it('a colour that is not rgb(r, g, b) is an error shown instead of the map', () => {
    expect(run(fd({ mapbox_color: '#ff0000' })).error).toBe("Color field must be of form 'rgb(%d, %d, %d)'");
  });

  it('labels are white on dark colours, black on light ones; tooltips escape labels', () => {
    expect(textColorOn([0, 139, 139])).toBe('#ffffff');
    expect(textColorOn([255, 215, 0])).toBe('#000000');
    const evil = {
      ...airports,
      data: [{ latitude: 1, longitude: 1, name: '<img src=x onerror=alert(1)>' }],
    } as unknown as ChartDataQueryResult;
    const { model } = run(fd({ mapbox_label: ['name'] }), evil);
    const points = mapboxSeries(model, 1).find((s) => s.id === 'points') as { tooltip: { formatter: (p: unknown) => string } };
    const html = points.tooltip.formatter({ data: { point: 0 } });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
  });

  it('the zoom after a roam step is clamped to the limits; a pan keeps it', () => {
    expect(nextZoom(2, 1.5, 0.1, 10)).toBe(3);
    expect(nextZoom(8, 2, 0.1, 10)).toBe(10);
    expect(nextZoom(2, undefined, 0.1, 10)).toBe(2);
  });
});
