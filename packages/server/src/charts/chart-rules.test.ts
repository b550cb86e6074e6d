/**
 * The pure rules of saving, running and importing a chart: form data and query context must be
 * JSON objects, the viz type's default, the query context a saved chart runs, and a bundle's
 * chart pointed at its dataset here.
 */
import { describe, expect, it } from 'vitest';
import type { SliceRow } from '../access/charts.js';
import { chartQueryContext, NO_QUERY_CONTEXT } from './chart-data.js';
import { readChartConfig, repointChart } from './chart-import.js';
import { checkJsonFields, isQueryContextUpdate, vizTypeOf } from './chart-service.js';

const row = (fields: Partial<SliceRow>): SliceRow => ({
  id: 7,
  uuid: '6b0c2a0e-1f7e-4d5e-9d4e-0a4f0b6f6a11',
  slice_name: 'Delays',
  datasource_id: 3,
  datasource_type: 'table',
  viz_type: 'pie',
  params: '{}',
  query_context: null,
  description: null,
  cache_timeout: null,
  certified_by: null,
  certification_details: null,
  is_managed_externally: 0,
  external_url: null,
  last_saved_at: null,
  last_saved_by_fk: null,
  created_on: '2026-01-01T00:00:00.000Z',
  changed_on: '2026-01-01T00:00:00.000Z',
  created_by_fk: null,
  changed_by_fk: null,
  ...fields,
});

describe('saving a chart (spec section 7 "Charts": params and query_context travel as JSON text)', () => {
  it('accepts JSON objects, null and empty text, and names each field that is not an object', () => {
    expect(() => checkJsonFields({ params: '{"a":1}', query_context: null })).not.toThrow();
    expect(() => checkJsonFields({ params: '' })).not.toThrow();
    expect(() => checkJsonFields({ params: '[1]', query_context: '{' })).toThrow(
      expect.objectContaining({
        statusCode: 400,
        body: { message: { params: ['Not a valid JSON object.'], query_context: ['Not a valid JSON object.'] } },
      }),
    );
  });

  it('takes the named viz type, else the form data’s, else the default table', () => {
    expect(vizTypeOf('pie', '{"viz_type":"table"}')).toBe('pie');
    expect(vizTypeOf(undefined, '{"viz_type":"echarts_area"}')).toBe('echarts_area');
    expect(vizTypeOf(undefined, '{}')).toBe('table');
    expect(vizTypeOf(undefined, null)).toBe('table');
  });

  it('treats a PUT of a regenerated query context alone as a query context update', () => {
    expect(isQueryContextUpdate({ query_context: '{}', query_context_generation: true })).toBe(true);
    expect(isQueryContextUpdate({ query_context: '{}', query_context_generation: false })).toBe(false);
    expect(isQueryContextUpdate({ query_context: '{}', query_context_generation: true, slice_name: 'x' })).toBe(false);
  });
});

describe("a saved chart's query context", () => {
  it('runs the saved one on the chart’s own dataset, naming the chart and its cache timeout', () => {
    const saved = { datasource: { id: 99, type: 'table' }, queries: [{ metrics: ['count'] }], form_data: { viz_type: 'pie' } };
    const qc = chartQueryContext(row({ query_context: JSON.stringify(saved), cache_timeout: 60 }));
    expect(qc.datasource).toEqual({ id: 3, type: 'table' });
    expect(qc.queries).toEqual([{ metrics: ['count'] }]);
    expect(qc.form_data).toEqual({ viz_type: 'pie', slice_id: 7 });
    expect(qc.custom_cache_timeout).toBe(60);
  });

  it('rebuilds it from the form data when none was saved, with the generic query for an unknown type', () => {
    const qc = chartQueryContext(row({ viz_type: 'no_such_viz', params: '{"metrics":["count"],"groupby":["origin"]}' }));
    expect(qc.queries[0]).toMatchObject({ metrics: ['count'], columns: ['origin'] });
    expect(qc.form_data).toMatchObject({ slice_id: 7, datasource: '3__table' });
  });

  it('asks for a new save when neither is usable', () => {
    expect(() => chartQueryContext(row({ params: 'nope' }))).toThrow(NO_QUERY_CONTEXT);
  });
});

describe('importing a chart', () => {
  it('points the form data and the query context at the dataset found here', () => {
    const out = repointChart(
      {
        slice_name: 'x',
        viz_type: 'pie',
        uuid: 'u',
        dataset_uuid: 'd',
        params: { datasource: '1__table', metric: 'count' },
        query_context: JSON.stringify({ datasource: { id: 1, type: 'table' }, queries: [], form_data: { datasource: '1__table' } }),
      },
      42,
    );
    expect(JSON.parse(out.params)).toEqual({ datasource: '42__table', metric: 'count' });
    expect(JSON.parse(out.query_context ?? '')).toEqual({
      datasource: { id: 42, type: 'table' },
      queries: [],
      form_data: { datasource: '42__table' },
    });
  });

  it('reads a chart YAML as the BI server writes it, and says which fields are wrong', () => {
    const ok = readChartConfig({
      slice_name: 'Delays',
      viz_type: 'pie',
      uuid: '6B0C2A0E-1F7E-4D5E-9D4E-0A4F0B6F6A11',
      dataset_uuid: '6b0c2a0e-1f7e-4d5e-9d4e-0a4f0b6f6a12',
      version: '1.0.0',
      params: { metric: 'count' },
    });
    expect(ok).toMatchObject({ config: { uuid: '6b0c2a0e-1f7e-4d5e-9d4e-0a4f0b6f6a11' } });
    expect(readChartConfig({ slice_name: 'x', viz_type: 3, version: '2.0.0' })).toEqual({
      errors: {
        viz_type: ['Not a valid string.'],
        uuid: ['Missing data for required field.'],
        dataset_uuid: ['Missing data for required field.'],
        version: ['Must be equal to 1.0.0.'],
      },
    });
  });
});
