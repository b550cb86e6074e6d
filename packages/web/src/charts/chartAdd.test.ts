import { describe, expect, it } from 'vitest';
import { chartAddPath, createDisabledReason, datasetChoices, datasetSearchQuery, type PickedDataset } from './chartAdd';

const ds = (id: number, table_name: string): PickedDataset => ({
  id,
  table_name,
  schema: 'main',
  database: { id: 1, database_name: 'examples' },
  description: null,
});

const CHOOSE_BOTH = 'Please select both a Dataset and a Chart type to proceed';

describe('Create a new chart page', () => {
  it('lives at the peer route /chart/add, with a dataset to preselect by table name', () => {
    expect(chartAddPath()).toBe('/chart/add');
    expect(chartAddPath('flights')).toBe('/chart/add?dataset=flights');
    expect(chartAddPath('a b&c')).toBe('/chart/add?dataset=a+b%26c');
  });
  it('may go on only with both a dataset and a chart type', () => {
    expect(createDisabledReason(null, null)).toBe(CHOOSE_BOTH);
    expect(createDisabledReason(3, null)).toBe(CHOOSE_BOTH);
    expect(createDisabledReason(null, 'echarts_timeseries_bar')).toBe(CHOOSE_BOTH);
    expect(createDisabledReason(3, 'echarts_timeseries_bar')).toBeNull();
  });
  it('searches datasets by table name, all of them without a search', () => {
    expect(datasetSearchQuery('  fli ')).toMatchObject({
      filters: [{ col: 'table_name', opr: 'ct', value: 'fli' }],
      order_column: 'table_name',
    });
    expect(datasetSearchQuery('flights', true).filters).toEqual([{ col: 'table_name', opr: 'eq', value: 'flights' }]);
    expect(datasetSearchQuery('').filters).toBeUndefined();
  });
  it('keeps the chosen dataset among the options when a new search does not list it', () => {
    const flights = ds(1, 'flights');
    const cars = ds(2, 'cars');
    expect(datasetChoices([cars], flights).map((d) => d.id)).toEqual([1, 2]);
    expect(datasetChoices([cars, flights], flights).map((d) => d.id)).toEqual([2, 1]);
    expect(datasetChoices([cars], null).map((d) => d.id)).toEqual([2]);
  });
});
