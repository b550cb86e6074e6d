import { describe, expect, it } from 'vitest';
import type { ControlContext, QueryFormData } from '../types.js';
import { defaultFormData, validateControls } from '../transitions.js';
import { buildMapboxQuery, COUNT_METRIC, mapboxDefinition } from './index.js';

/** Airports as points, labelled by name, as the peer's client saves the chart. */
const fd: QueryFormData = {
  datasource: '2__table',
  viz_type: 'mapbox',
  all_columns_x: 'longitude',
  all_columns_y: 'latitude',
  mapbox_label: ['name'],
  point_radius: 'Auto',
  clustering_radius: '60',
  row_limit: 5000,
  groupby: [],
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'state', operator: 'NOT IN', comparator: ['AK', 'HI'], clause: 'WHERE' }],
  mapbox_color: 'rgb(0, 139, 139)',
  mapbox_style: 'mapbox://styles/mapbox/light-v9',
};
const ctx = (formData: QueryFormData): ControlContext => ({ formData, datasource: null, sqlMaxRow: 100000 });

describe('mapbox buildQuery', () => {
  it('without group by: the rows as they are, longitude, latitude and label columns sorted', () => {
    const [q] = buildMapboxQuery(fd).queries;
    expect(q).toMatchObject({
      columns: ['latitude', 'longitude', 'name'],
      row_limit: 5000,
      filters: [{ col: 'state', op: 'NOT IN', val: ['AK', 'HI'] }],
    });
    // no metrics key at all: the server reads rows without grouping
    expect('metrics' in q).toBe(false);
  });

  it('a point radius column is read too', () => {
    expect(buildMapboxQuery({ ...fd, mapbox_label: [], point_radius: 'elevation' }).queries[0].columns).toEqual([
      'elevation',
      'latitude',
      'longitude',
    ]);
  });

  it('with group by: the distinct groups, and COUNT(*) of each when the label is count', () => {
    const grouped = { ...fd, groupby: ['longitude', 'latitude', 'state'], mapbox_label: ['count'] };
    const [q] = buildMapboxQuery(grouped).queries;
    expect(q.columns).toEqual(['longitude', 'latitude', 'state']);
    expect(q.metrics).toEqual([COUNT_METRIC]);
    expect(buildMapboxQuery({ ...grouped, mapbox_label: ['state'] }).queries[0].metrics).toEqual([]);
  });
});

describe('mapbox control panel', () => {
  const def = mapboxDefinition;

  it('the peer defaults', () => {
    expect(defaultFormData(def, null)).toMatchObject({
      clustering_radius: '60',
      point_radius: 'Auto',
      point_radius_unit: 'Pixels',
      mapbox_label: [],
      pandas_aggfunc: 'sum',
      render_while_dragging: true,
      mapbox_style: 'mapbox://styles/mapbox/light-v9',
      global_opacity: 1,
      mapbox_color: 'rgb(0, 139, 139)',
      viewport_zoom: 11,
    });
  });

  it('longitude and latitude are required; the peer query errors show on their controls', () => {
    expect(Object.keys(validateControls(def, ctx({ ...fd, all_columns_x: null, all_columns_y: null }))).sort()).toEqual([
      'all_columns_x',
      'all_columns_y',
    ]);
    expect(validateControls(def, ctx(fd))).toEqual({});
    expect(validateControls(def, ctx({ ...fd, mapbox_label: ['count'] })).mapbox_label).toEqual([
      "Must have a [Group By] column to have 'count' as the [Label]",
    ]);
    const grouped = { ...fd, groupby: ['state'] };
    const errors = validateControls(def, ctx({ ...grouped, point_radius: 'elevation' }));
    expect(errors.mapbox_label).toEqual(['Choice of [Label] must be present in [Group By]']);
    expect(errors.point_radius).toEqual(['Choice of [Point Radius] must be present in [Group By]']);
    expect(errors.all_columns_x).toEqual(['[Longitude] and [Latitude] columns must be present in [Group By]']);
  });

  it('the colour must be rgb(r, g, b) and the style a Mapbox URL', () => {
    expect(validateControls(def, ctx({ ...fd, mapbox_color: '#ff0000' })).mapbox_color).toEqual([
      "Color field must be of form 'rgb(%d, %d, %d)'",
    ]);
    expect(validateControls(def, ctx({ ...fd, mapbox_style: 'https://evil.example/style' })).mapbox_style).toEqual([
      'is expected to be a Mapbox URL',
    ]);
  });
});
