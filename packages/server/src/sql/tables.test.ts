import { describe, expect, it } from 'vitest';
import { sqlTables } from './tables.js';

describe('sqlTables (saved query sql_tables)', () => {
  it('lists each referenced table once, with its schema', () => {
    expect(sqlTables('SELECT * FROM flights f JOIN main.airports a ON f.origin = a.iata JOIN flights g ON true', 'PostgresQL')).toEqual([
      { catalog: null, schema: null, table: 'flights' },
      { catalog: null, schema: 'main', table: 'airports' },
    ]);
  });

  it('reads catalog.schema.table', () => {
    expect(sqlTables('SELECT 1 FROM lake.sales.orders', 'PostgresQL')).toEqual([{ catalog: 'lake', schema: 'sales', table: 'orders' }]);
  });

  it('leaves out CTE names', () => {
    expect(sqlTables('WITH recent AS (SELECT * FROM events) SELECT * FROM recent', 'PostgresQL')).toEqual([
      { catalog: null, schema: null, table: 'events' },
    ]);
  });

  it('uses the dialect (MySQL backticks)', () => {
    expect(sqlTables('SELECT * FROM `shop`.`orders`', 'MySQL')).toEqual([{ catalog: null, schema: 'shop', table: 'orders' }]);
  });

  it('gives an empty list for SQL it cannot parse, and for no SQL', () => {
    expect(sqlTables('SELECT {{ col }} FROM {{ t }}', 'PostgresQL')).toEqual([]);
    expect(sqlTables('selec garbage', 'PostgresQL')).toEqual([]);
    expect(sqlTables('   ', 'PostgresQL')).toEqual([]);
  });
});
