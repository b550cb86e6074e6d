import { describe, expect, it } from 'vitest';
import type { ControlContext, QueryFormData } from '../types.js';
import { defaultFormData, validateControls } from '../transitions.js';
import { COUNTRY_MAP_CHOICES, buildCountryMapQuery, countryMapDefinition, countryMapLabel, isCountryMapKey } from './index.js';

/** Airports by US state: the entity is an adhoc column building the ISO 3166-2 code. */
const stateCode = { expressionType: 'SQL', sqlExpression: "'US-' || state", label: 'ISO code' };
const fd: QueryFormData = {
  datasource: '2__table',
  viz_type: 'country_map',
  select_country: 'usa',
  entity: stateCode,
  metric: 'count',
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'country', operator: '==', comparator: 'USA', clause: 'WHERE' }],
  number_format: ',d',
  linear_color_scheme: 'superset_seq_2',
};
const ctx = (formData: QueryFormData): ControlContext => ({ formData, datasource: null, sqlMaxRow: 100000 });

describe('country map buildQuery', () => {
  it('the metric by the subdivision code column', () => {
    const [q] = buildCountryMapQuery(fd).queries;
    expect(q).toMatchObject({ columns: [stateCode], metrics: ['count'], filters: [{ col: 'country', op: '==', val: 'USA' }] });
    expect(q.orderby).toEqual([]);
  });

  it('a code column saved by name', () => {
    expect(buildCountryMapQuery({ ...fd, entity: 'iso_code' }).queries[0].columns).toEqual(['iso_code']);
  });
});

describe('country map control panel', () => {
  const def = countryMapDefinition;

  it('no country until one is chosen; the adaptive number format and the first sequential scheme', () => {
    expect(defaultFormData(def, null)).toMatchObject({
      select_country: null,
      number_format: 'SMART_NUMBER',
      linear_color_scheme: 'superset_seq_1',
    });
  });

  it('country, code column and metric are required; a typed country must be a map file name', () => {
    const errors = validateControls(def, ctx({ ...fd, select_country: null, entity: null, metric: null }));
    expect(Object.keys(errors).sort()).toEqual(['entity', 'metric', 'select_country']);
    expect(validateControls(def, ctx(fd))).toEqual({});
    expect(validateControls(def, ctx({ ...fd, select_country: '../etc/passwd' })).select_country?.[0]).toMatch(/lower-case letters/);
  });

  it('offers the peer country keys, USA first, readable', () => {
    expect(COUNTRY_MAP_CHOICES[0]).toEqual(['usa', 'USA']);
    expect(COUNTRY_MAP_CHOICES.map(([k]) => k)).toContain('france_regions');
    expect(countryMapLabel('costa_rica')).toBe('Costa Rica');
    expect(countryMapLabel('italy_regions')).toBe('Italy (regions)');
    expect(COUNTRY_MAP_CHOICES.every(([k]) => isCountryMapKey(k))).toBe(true);
  });

  it('a country key is never a path', () => {
    for (const bad of ['', 'USA', '../x', 'a/b', 'a.geojson', 'x'.repeat(65), '_x']) expect(isCountryMapKey(bad), bad).toBe(false);
    expect(isCountryMapKey('bavaria_2024')).toBe(true);
  });
});
