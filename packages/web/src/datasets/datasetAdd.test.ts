import { describe, expect, it } from 'vitest';
import { NO_TABLE_PICKED, existingDatasetQuery, pickDatabase, pickSchema, pickTable } from './datasetAdd';

describe('picking the table of a new dataset', () => {
  it('another database clears the schema and table; another schema clears the table', () => {
    const picked = pickTable(pickSchema(pickDatabase(1), 'main'), 'penguins');
    expect(picked).toEqual({ databaseId: 1, schema: 'main', table: 'penguins' });
    expect(pickSchema(picked, 'other')).toEqual({ databaseId: 1, schema: 'other', table: null });
    expect(pickDatabase(2)).toEqual({ databaseId: 2, schema: null, table: null });
  });

  it('looks for a dataset already made on the picked table, once there is one', () => {
    expect(existingDatasetQuery(NO_TABLE_PICKED)).toBeNull();
    expect(existingDatasetQuery(pickSchema(pickDatabase(1), 'main'))).toBeNull();
    expect(existingDatasetQuery({ databaseId: 1, schema: 'main', table: 'penguins' })).toEqual({
      filters: [
        { col: 'database', opr: 'rel_o_m', value: 1 },
        { col: 'schema', opr: 'eq', value: 'main' },
        { col: 'table_name', opr: 'eq', value: 'penguins' },
      ],
      page: 0,
      page_size: 1,
    });
  });
});
