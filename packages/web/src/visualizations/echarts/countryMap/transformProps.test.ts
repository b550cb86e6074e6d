import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, QueryFormData } from '@rama/shared';
import type { RegionCollection } from '../geo/atlas';
import { usStatesAlbers } from '../geo/usShapes';
import { countryMapOption, regionCentre, shapeBounds } from './option';
import { regionsOfFile } from './shapes';
import { subdivisionKey, transformProps } from './transformProps';
import { identityProjection } from '@rama/shared';

type Obj = Record<string, unknown>;

/** Airports by state (adhoc column 'US-' || state). */
const airports = {
  colnames: ['ISO code', 'count'],
  coltypes: [1, 0],
  data: [
    { 'ISO code': 'US-AK', count: 263 },
    { 'ISO code': 'US-TX', count: 209 },
    { 'ISO code': 'US-CA', count: 205 },
    { 'ISO code': 'US-DE', count: 5 },
  ],
  rowcount: 4,
} as unknown as ChartDataQueryResult;

const stateCode = { expressionType: 'SQL', sqlExpression: "'US-' || state", label: 'ISO code' };
const fd = (extra: Obj = {}): QueryFormData => ({
  viz_type: 'country_map',
  datasource: '2__table',
  select_country: 'usa',
  entity: stateCode,
  metric: 'count',
  number_format: ',d',
  linear_color_scheme: 'superset_seq_1',
  ...extra,
});
const run = (formData: QueryFormData, r = airports) =>
  transformProps({ formData, queriesData: [r], datasource: null, width: 800, height: 500 });

describe('country map transformProps', () => {
  it('each subdivision filled along the scheme from the smallest to the largest value', () => {
    const { regions, legend, countryLabel } = run(fd());
    const fill = (k: string) => regions.find((r) => r.key === k)?.fill;
    expect(fill('US-DE')).toBe('#e6f6fa');
    expect(fill('US-AK')).toBe('#0f596b');
    expect(legend).toEqual({ scheme: 'superset_seq_1', min: '5', max: '263' });
    expect(countryLabel).toBe('USA');
  });

  it('codes match in any case; for the United States a USPS code is its ISO 3166-2 code', () => {
    expect(subdivisionKey('usa', 'ca')).toBe('US-CA');
    expect(subdivisionKey('usa', 'US-ca')).toBe('US-CA');
    expect(subdivisionKey('france', 'fr-75')).toBe('FR-75');
    expect(subdivisionKey('usa', null)).toBeNull();
  });

  it('cross-filters only on a dataset column', () => {
    expect(run(fd()).regionFilters['US-CA'].values).toEqual([]);
    const byColumn = {
      ...airports,
      colnames: ['iso', 'count'],
      data: [{ iso: 'US-CA', count: 3 }],
    } as unknown as ChartDataQueryResult;
    expect(run(fd({ entity: 'iso' }), byColumn).regionFilters['US-CA'].values).toEqual([
      { col: 'iso', val: 'US-CA', formattedVal: 'US-CA' },
    ]);
  });

  it('no country chosen: nothing to draw', () => {
    expect(run(fd({ select_country: null })).country).toBeNull();
  });
});

describe('countryMapOption', () => {
  const shapes = { mapName: 'rama-country-usa', collection: usStatesAlbers(), projected: true };

  it('the states on a geo component fitted to the box, with state names and values in the tooltip', () => {
    const option = countryMapOption(run(fd()), shapes, 800, 500, null) as { geo: Obj; tooltip: { formatter: (p: unknown) => string } };
    expect(option.geo.map).toBe('rama-country-usa');
    expect(option.geo.layoutCenter).toEqual([400, 235]);
    expect((option.geo.regions as Obj[]).map((r) => r.name)).toEqual(['US-AK', 'US-TX', 'US-CA', 'US-DE']);
    expect(option.tooltip.formatter({ name: 'US-TX' })).toContain('Texas');
    expect(option.tooltip.formatter({ name: 'US-TX' })).toContain('count: 209');
    expect(option.tooltip.formatter({ name: 'US-NV' })).toContain('Nevada');
    expect(option.geo.zoom).toBeUndefined();
  });

  it('a focused state centres the view on it, zoomed in', () => {
    const option = countryMapOption(run(fd()), shapes, 800, 500, 'US-TX') as { geo: Obj };
    const centre = option.geo.center as number[];
    expect(option.geo.zoom).toBe(4);
    // Texas lies south of the middle of the Albers USA frame
    expect(centre[1]).toBeGreaterThan(300);
    expect(regionCentre(shapes.collection, 'US-XX', identityProjection)).toBeNull();
  });

  it('projected shapes are bounded with north at the top (small y)', () => {
    const b = shapeBounds(shapes.collection, true);
    expect(b && b.north < b.south).toBe(true);
  });
});

describe('map files an admin adds', () => {
  it('features are keyed by their ISO code and named by NAME_1 (NAME_2 for second-level divisions)', () => {
    const square = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0],
        ],
      ],
    };
    const file = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { ISO: 'fr-75', NAME_1: 'Paris' }, geometry: square },
        { type: 'Feature', properties: { ISO: 'FR-69', ID_2: 5, NAME_1: 'Rhône-Alpes', NAME_2: 'Rhône' }, geometry: square },
        { type: 'Feature', properties: { ISO: 'FR-XX' }, geometry: null },
        { type: 'Feature', properties: { ISO: 'FR-PT' }, geometry: { type: 'Point', coordinates: [0, 0] } },
      ],
    };
    const regions: RegionCollection = regionsOfFile(file as never);
    expect(regions.features.map((f) => f.properties)).toEqual([
      { name: 'FR-75', label: 'Paris' },
      { name: 'FR-69', label: 'Rhône' },
    ]);
    expect(regionsOfFile({} as never).features).toEqual([]);
  });
});
