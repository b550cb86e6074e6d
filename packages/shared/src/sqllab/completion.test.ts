import { describe, expect, it } from 'vitest';
import {
  sqlCompletions,
  sqlFunctions,
  sqlKeywords,
  STANDARD_EDITOR_DIALECT,
  type SqlCompletionInput,
  type SqlCompletionResult,
} from './completion.js';

const schema: Omit<SqlCompletionInput, 'sql' | 'cursor'> = {
  defaultSchema: 'main',
  schemas: ['main', 'sales', 'empty'],
  tables: [
    { schema: 'main', name: 'orders', type: 'table' },
    { schema: 'main', name: 'customers', type: 'table' },
    { schema: 'main', name: 'order_view', type: 'view' },
    { schema: 'sales', name: 'invoices', type: 'table' },
    { schema: 'sales', name: 'orders', type: 'table' },
  ],
  columns: {
    'main.orders': [
      { name: 'id', type: 'INTEGER' },
      { name: 'customer_id', type: 'INTEGER' },
      { name: 'amount', type: 'DECIMAL(10,2)' },
    ],
    'sales.invoices': [
      { name: 'invoice_no', type: 'VARCHAR' },
      { name: 'total', type: 'DOUBLE' },
    ],
  },
  keywords: ['SELECT', 'FROM', 'WHERE'],
  functions: ['count', 'sum'],
};

/** `|` marks the cursor. */
function complete(sqlWithCursor: string, overrides: Partial<SqlCompletionInput> = {}): SqlCompletionResult {
  const cursor = sqlWithCursor.indexOf('|');
  const sql = sqlWithCursor.slice(0, cursor) + sqlWithCursor.slice(cursor + 1);
  return sqlCompletions({ ...schema, ...overrides, sql, cursor });
}

const labels = (r: SqlCompletionResult, type?: string): string[] => r.options.filter((o) => !type || o.type === type).map((o) => o.label);

describe('qualified names: after `alias.` or `table.` the columns of that table', () => {
  it('resolves `FROM t AS a`', () => {
    const r = complete('SELECT o.| FROM orders AS o');
    expect(labels(r)).toEqual(['id', 'customer_id', 'amount']);
    expect(r.options.every((o) => o.type === 'column')).toBe(true);
  });

  it('resolves `FROM t a` and replaces from the start of the typed word', () => {
    const r = complete('SELECT o.am| FROM orders o');
    expect(r.from).toBe('SELECT o.'.length);
    expect(labels(r)).toContain('amount');
  });

  it('resolves `JOIN schema.t a` to that schema', () => {
    expect(labels(complete('SELECT i.| FROM orders o JOIN sales.invoices i ON i.invoice_no = o.id'))).toEqual(['invoice_no', 'total']);
  });

  it('`table.` without alias gives that table’s columns; the default schema wins for unqualified names', () => {
    expect(labels(complete('SELECT orders.| FROM orders'))).toEqual(['id', 'customer_id', 'amount']);
  });

  it('an alias shadows a schema of the same name', () => {
    expect(labels(complete('SELECT sales.| FROM orders sales'))).toEqual(['id', 'customer_id', 'amount']);
  });

  it('quoted identifiers resolve by their unquoted name', () => {
    expect(labels(complete('SELECT "o".| FROM "main"."orders" "o"'))).toEqual(['id', 'customer_id', 'amount']);
  });

  it('CTE names give the CTE’s select list (names only)', () => {
    const r = complete(
      'WITH x AS (SELECT id, amount * 2 AS doubled, count(*) n, o.customer_id FROM orders o GROUP BY 1) SELECT x.| FROM x',
    );
    expect(labels(r)).toEqual(['id', 'doubled', 'n', 'customer_id']);
  });

  it('CTE with an explicit column list uses that list', () => {
    expect(labels(complete('WITH x (a, b) AS (SELECT 1, 2) SELECT x.| FROM x'))).toEqual(['a', 'b']);
  });

  it('an alias of a CTE reference resolves to the CTE', () => {
    expect(labels(complete('WITH x AS (SELECT id FROM orders) SELECT c.| FROM x c'))).toEqual(['id']);
  });

  it('`SELECT *` in a CTE expands to the columns of its tables when known', () => {
    expect(labels(complete('WITH x AS (SELECT * FROM sales.invoices) SELECT x.| FROM x'))).toEqual(['invoice_no', 'total']);
  });

  it('an alias of the statement’s own FROM wins over the same alias inside a CTE body', () => {
    const columns = { ...schema.columns, 'main.customers': [{ name: 'email', type: 'TEXT' }] };
    expect(labels(complete('WITH x AS (SELECT o.id FROM orders o) SELECT o.| FROM customers o', { columns }))).toEqual(['email']);
    expect(labels(complete('WITH x AS (SELECT o.| FROM orders o) SELECT o.email FROM customers o', { columns }))).toEqual([
      'id',
      'customer_id',
      'amount',
    ]);
  });

  it('aliased subqueries in FROM give their select list', () => {
    expect(labels(complete('SELECT s.| FROM (SELECT id AS k, amount FROM orders) s'))).toEqual(['k', 'amount']);
  });
});

describe('after `schema.` the tables of that schema', () => {
  it('lists tables and views of the schema, unqualified', () => {
    const r = complete('SELECT * FROM sales.|');
    expect(labels(r)).toEqual(['invoices', 'orders']);
    expect(r.options[0]).toMatchObject({ type: 'table', detail: 'sales' });
  });

  it('`schema.table.` gives the columns of that table', () => {
    expect(labels(complete('SELECT sales.invoices.| FROM sales.invoices'))).toEqual(['invoice_no', 'total']);
  });
});

describe('otherwise: keywords, functions, schemas, tables (default schema first), CTEs, aliases, columns in FROM/JOIN', () => {
  it('offers everything in a general position, columns of the statement’s tables ranked first', () => {
    const r = complete('SELECT a| FROM orders o');
    expect(r.from).toBe('SELECT '.length);
    for (const l of ['amount', 'o', 'orders', 'customers', 'main', 'sales', 'sales.invoices', 'count', 'SELECT'])
      expect(labels(r)).toContain(l);
    const boost = (label: string) => r.options.find((o) => o.label === label)?.boost ?? -100;
    expect(boost('amount')).toBeGreaterThan(boost('orders'));
    expect(boost('orders')).toBeGreaterThan(boost('sales.invoices'));
    expect(boost('count')).toBeGreaterThan(boost('SELECT'));
  });

  it('tables of the default schema come first and unqualified; other schemas are qualified', () => {
    const tables = labels(complete('SELECT * FROM |'), 'table');
    expect(tables.slice(0, 2)).toEqual(['orders', 'customers']);
    expect(tables).toContain('sales.invoices');
    expect(labels(complete('SELECT * FROM |'), 'view')).toEqual(['order_view']);
  });

  it('after FROM/JOIN, tables and CTEs are offered and columns are not', () => {
    const r = complete('WITH recent AS (SELECT id FROM orders) SELECT * FROM orders o JOIN |');
    expect(labels(r, 'cte')).toEqual(['recent']);
    expect(labels(r, 'column')).toEqual([]);
    expect(labels(complete('SELECT * FROM orders, c|'), 'table')).toContain('customers');
  });

  it('CTE names and aliases are offered', () => {
    const r = complete('WITH recent AS (SELECT id FROM orders) SELECT | FROM recent r');
    expect(r.options.find((o) => o.label === 'recent')).toMatchObject({ type: 'cte' });
    expect(r.options.find((o) => o.label === 'r')).toMatchObject({ type: 'alias', detail: 'recent' });
    expect(labels(r, 'column')).toEqual(['id']);
  });

  it('the first word of a statement is a keyword', () => {
    expect(labels(complete('SEL|'))).toEqual(['SELECT', 'FROM', 'WHERE']);
  });

  it('duplicate column names across tables are offered once', () => {
    const r = complete('SELECT | FROM orders a JOIN orders b ON a.id = b.id');
    expect(labels(r, 'column').filter((l) => l === 'id')).toHaveLength(1);
  });
});

describe('the statement under the cursor only (split at top-level `;`, quotes and comments respected)', () => {
  it('uses the aliases of the statement holding the cursor', () => {
    const sql = 'SELECT x.| FROM orders x; SELECT x.id FROM sales.invoices x';
    expect(labels(complete(sql))).toEqual(['id', 'customer_id', 'amount']);
    const second = 'SELECT x.id FROM orders x; SELECT x.| FROM sales.invoices x';
    expect(labels(complete(second))).toEqual(['invoice_no', 'total']);
  });

  it('a `;` inside a string, quoted name or comment does not split', () => {
    expect(labels(complete("SELECT ';', o.| /* ; */ -- ;\n FROM orders o"))).toEqual(['id', 'customer_id', 'amount']);
    expect(labels(complete('SELECT "a;b", o.| FROM orders o'))).toEqual(['id', 'customer_id', 'amount']);
  });

  it('no completion inside a string or a comment', () => {
    expect(complete("SELECT 'o.|' FROM orders o").options).toEqual([]);
    expect(complete('SELECT 1 -- o.| \nFROM orders o').options).toEqual([]);
    expect(complete('SELECT /* o.| */ 1').options).toEqual([]);
  });

  it('`#` comments and backslash escapes follow the dialect', () => {
    const dialect = { ...STANDARD_EDITOR_DIALECT, backslash_escapes: true, hash_comments: true };
    expect(complete('SELECT 1 # o.|', { dialect }).options).toEqual([]);
    expect(labels(complete("SELECT 'it\\'s;', o.| FROM orders o", { dialect }))).toEqual(['id', 'customer_id', 'amount']);
  });

  it('typing inside a quoted identifier replaces from after the quote', () => {
    const r = complete('SELECT * FROM "ord|');
    expect(r.from).toBe('SELECT * FROM "'.length);
    expect(labels(r)).toContain('orders');
  });
});

describe('needColumnsFor: tables referenced in the statement whose columns are not loaded', () => {
  it('reports known tables without columns, once', () => {
    const r = complete('SELECT | FROM customers c JOIN customers d ON 1=1 JOIN orders o ON 1=1');
    expect(r.needColumnsFor).toEqual([{ schema: 'main', name: 'customers' }]);
  });

  it('reports the table behind `alias.` when its columns are missing', () => {
    const r = complete('SELECT c.| FROM customers c');
    expect(r.options).toEqual([]);
    expect(r.needColumnsFor).toEqual([{ schema: 'main', name: 'customers' }]);
  });

  it('includes the columns once they are in `columns` ("schema.table" key or bare "table" key)', () => {
    expect(
      labels(
        complete('SELECT c.| FROM customers c', { columns: { ...schema.columns, 'main.customers': [{ name: 'email', type: 'TEXT' }] } }),
      ),
    ).toEqual(['email']);
    const bare = complete('SELECT t.| FROM t', {
      defaultSchema: null,
      tables: [{ schema: null, name: 't', type: 'table' }],
      columns: { t: [{ name: 'x', type: 'INT' }] },
    });
    expect(labels(bare)).toEqual(['x']);
  });

  it('does not ask for the word being typed, CTEs, or typos in a loaded schema', () => {
    expect(complete('SELECT * FROM customer|').needColumnsFor).toEqual([]);
    expect(complete('WITH customers AS (SELECT 1 AS a) SELECT | FROM customers').needColumnsFor).toEqual([]);
    expect(complete('SELECT | FROM custmers').needColumnsFor).toEqual([]);
  });

  it('asks for tables of a schema whose table list is not loaded', () => {
    expect(complete('SELECT | FROM empty.t').needColumnsFor).toEqual([{ schema: 'empty', name: 't' }]);
  });
});

describe('keyword and function lists per dialect', () => {
  it("standard SQL's words, plus the ones the engine's dialect adds, once each", () => {
    const engine = { ...STANDARD_EDITOR_DIALECT, keywords: ['QUALIFY', 'SELECT'], functions: ['read_parquet', 'count'] };
    for (const d of [STANDARD_EDITOR_DIALECT, engine]) {
      expect(sqlKeywords(d)).toContain('SELECT');
      expect(sqlFunctions(d)).toContain('count');
      expect(new Set(sqlKeywords(d)).size).toBe(sqlKeywords(d).length);
      expect(new Set(sqlFunctions(d)).size).toBe(sqlFunctions(d).length);
    }
    expect(sqlKeywords(engine)).toContain('QUALIFY');
    expect(sqlFunctions(engine)).toContain('read_parquet');
    expect(sqlFunctions(engine)).not.toContain('octet_length');
    expect(sqlFunctions()).toContain('octet_length');
    expect(sqlKeywords()).toEqual(sqlKeywords(STANDARD_EDITOR_DIALECT));
  });
});
