import { describe, expect, it } from 'vitest';
import {
  NO_DATASET_FILTERS,
  canEditDataset,
  datasetListFilters,
  initialsOf,
  ownerName,
  requestedQueryOf,
  exploreUrlOf,
} from './datasetList';

const VIRTUAL = { id: 7, kind: 'virtual' as const, sql: 'SELECT 1 AS x', database: { id: 2, database_name: 'examples' }, schema: 'main' };

describe('dataset list filters', () => {
  it('sends nothing when no filter is set', () => {
    expect(datasetListFilters(NO_DATASET_FILTERS)).toEqual([]);
  });

  it('maps name, database, schema and kind to the server filters', () => {
    expect(datasetListFilters({ name: ' flights ', databaseId: 2, schema: 'main', kind: 'virtual' })).toEqual([
      { col: 'table_name', opr: 'ct', value: 'flights' },
      { col: 'database', opr: 'rel_o_m', value: 2 },
      { col: 'schema', opr: 'eq', value: 'main' },
      { col: 'sql', opr: 'dataset_is_null_or_empty', value: false },
    ]);
    expect(datasetListFilters({ ...NO_DATASET_FILTERS, kind: 'physical' })).toEqual([
      { col: 'sql', opr: 'dataset_is_null_or_empty', value: true },
    ]);
  });

  it("maps a tag to the server's dataset_tag_id filter on tags", () => {
    expect(datasetListFilters({ ...NO_DATASET_FILTERS, tagId: 12 })).toEqual([{ col: 'tags', opr: 'dataset_tag_id', value: 12 }]);
    expect(datasetListFilters({ ...NO_DATASET_FILTERS, tagId: null })).toEqual([]);
  });
});

describe('opening a dataset in SQL Lab', () => {
  it('passes the datasource key, SQL, database and schema of a virtual dataset', () => {
    expect(requestedQueryOf(VIRTUAL)).toEqual({ datasourceKey: '7__table', sql: 'SELECT 1 AS x', dbId: 2, schema: 'main' });
  });

  it('a physical dataset has no SQL to open', () => {
    expect(requestedQueryOf({ ...VIRTUAL, kind: 'physical', sql: null })).toBeNull();
  });
});

describe('owners', () => {
  it('shows initials, and the name (or the id when there is none) on hover', () => {
    expect(initialsOf({ id: 1, first_name: 'ada', last_name: 'Lovelace' })).toBe('AL');
    expect(initialsOf({ id: 1, first_name: '', last_name: '' })).toBe('?');
    expect(ownerName({ id: 3, first_name: 'Ada', last_name: '' })).toBe('Ada');
    expect(ownerName({ id: 3, first_name: '', last_name: '' })).toBe('User 3');
  });
});

describe('who may edit a dataset', () => {
  const dataset = { owners: [{ id: 3, first_name: 'Ada', last_name: 'Lovelace' }] };

  it('its owners and admins', () => {
    expect(canEditDataset(dataset, 3, false)).toBe(true);
    expect(canEditDataset(dataset, 4, true)).toBe(true);
    expect(canEditDataset(dataset, 4, false)).toBe(false);
  });
});

describe('exploreUrlOf', () => {
  it('opens Explore on the dataset, with a viz type when given', () => {
    expect(exploreUrlOf(42)).toBe('/explore/?datasource_type=table&datasource_id=42');
    expect(exploreUrlOf(7, 'table')).toBe('/explore/?datasource_type=table&datasource_id=7&viz_type=table');
  });
});
