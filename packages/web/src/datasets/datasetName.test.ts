import { describe, expect, it } from 'vitest';
import { datasetLabel, datasetNameParts, datasetQualifiedName, splitQualifiedDatasetName } from './datasetName';

describe('dataset naming rule', () => {
  it('names a dataset by its table name with the schema as secondary text', () => {
    expect(datasetNameParts({ table_name: 'flights', schema: 'main' })).toEqual({ name: 'flights', secondary: 'main' });
    expect(datasetLabel({ table_name: 'flights', schema: 'main' })).toBe('flights');
  });
  it('has no secondary text for a dataset without a schema (or with a blank one)', () => {
    expect(datasetNameParts({ table_name: 'my_query', schema: null })).toEqual({ name: 'my_query', secondary: null });
    expect(datasetNameParts({ table_name: 'my_query', schema: ' ' })).toEqual({ name: 'my_query', secondary: null });
  });
  it('gives the qualified name with the database for tooltips', () => {
    expect(datasetQualifiedName({ table_name: 'flights', schema: 'main', database: { database_name: 'examples' } })).toBe(
      'examples.main.flights',
    );
    expect(datasetQualifiedName({ table_name: 'flights', schema: null })).toBe('flights');
  });
  it('splits a qualified schema.table name the server sends into the same parts', () => {
    expect(splitQualifiedDatasetName('main.flights')).toEqual({ name: 'flights', secondary: 'main' });
    expect(splitQualifiedDatasetName('public.table.with.dots')).toEqual({ name: 'table.with.dots', secondary: 'public' });
    expect(splitQualifiedDatasetName('flights')).toEqual({ name: 'flights', secondary: null });
    expect(splitQualifiedDatasetName('.hidden')).toEqual({ name: '.hidden', secondary: null });
  });
});
