import { describe, expect, it } from 'vitest';
import { datasetName, pickColumns, selectStarFor, type DatasetRow } from './present.js';
import { getEngineSpec } from '../engines/registry.js';

const row = (over: Partial<DatasetRow>): DatasetRow => ({
  id: 1,
  uuid: '00000000-0000-4000-8000-000000000001',
  table_name: 'stocks',
  database_id: 1,
  catalog: null,
  schema: 'main',
  sql: null,
  is_sqllab_view: 0,
  template_params: null,
  description: null,
  main_dttm_col: null,
  default_endpoint: null,
  offset: 0,
  cache_timeout: null,
  filter_select_enabled: 1,
  fetch_values_predicate: null,
  normalize_columns: 0,
  always_filter_main_dttm: 0,
  is_managed_externally: 0,
  external_url: null,
  extra: null,
  created_on: '2024-01-01T00:00:00.000Z',
  changed_on: '2024-01-01T00:00:00.000Z',
  created_by_fk: null,
  changed_by_fk: null,
  ...over,
});

describe('pickColumns (the `columns` selection of GET /api/v1/dataset/{id})', () => {
  const detail = {
    id: 3,
    name: 'main.stocks',
    database: { id: 1, database_name: 'examples' },
    owners: [{ id: 1, first_name: 'A' }],
    sql: null,
  };

  it('keeps plain keys and selects inside nested objects with dotted keys', () => {
    expect(pickColumns(detail, ['name', 'database.id'])).toEqual({ name: 'main.stocks', database: { id: 1 } });
  });

  it('selects inside every element of a nested list', () => {
    expect(pickColumns(detail, ['owners.first_name'])).toEqual({ owners: [{ first_name: 'A' }] });
  });

  it('ignores unknown keys and keeps nulls', () => {
    expect(pickColumns(detail, ['nope', 'sql', 'database.nope'])).toEqual({ sql: null, database: {} });
  });
});

describe('selectStarFor (the SQL that SQL Lab opens for a dataset)', () => {
  it('previews a physical table through the engine', () => {
    expect(selectStarFor(row({}), getEngineSpec('duckdb'))).toBe('SELECT *\nFROM "main"."stocks"\nLIMIT 100');
  });

  it('wraps a virtual dataset as a subquery without its trailing semicolons', () => {
    expect(selectStarFor(row({ sql: 'SELECT 1 AS x;  ;\n' }), getEngineSpec('postgresql'))).toBe(
      'SELECT *\nFROM (\nSELECT 1 AS x\n) AS virtual_table\nLIMIT 100',
    );
  });

  it('keeps a trailing line comment from swallowing the wrapper', () => {
    expect(selectStarFor(row({ sql: 'SELECT 1 AS x -- note' }), null)).toBe(
      'SELECT *\nFROM (\nSELECT 1 AS x\n) AS virtual_table\nLIMIT 100',
    );
  });
});

describe('datasetName', () => {
  it('is schema.table, or the table alone', () => {
    expect(datasetName({ schema: 'main', table_name: 't' })).toBe('main.t');
    expect(datasetName({ schema: null, table_name: 't' })).toBe('t');
  });
});
