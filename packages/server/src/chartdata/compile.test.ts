import { describe, expect, it } from 'vitest';
import { getEngineSpec } from '../engines/registry.js';
import { HttpError } from '../http/errors.js';
import { compileQuery, type CompileDataset, type DatasetColumn } from './compile.js';
import { canonicalOp, normalizeQuery } from './query.js';

const col = (column_name: string, type_generic: number, extra: Partial<DatasetColumn> = {}): DatasetColumn => ({
  column_name,
  expression: null,
  type: type_generic === 2 ? 'TIMESTAMP' : type_generic === 0 ? 'DOUBLE' : 'VARCHAR',
  type_generic,
  is_dttm: type_generic === 2,
  python_date_format: null,
  ...extra,
});

const dataset: CompileDataset = {
  id: 1,
  tableName: 'flights',
  schema: 'main',
  sql: null,
  columns: new Map(
    [
      col('date', 2),
      col('delay', 0),
      col('origin', 1),
      col('late', 0, { expression: 'CASE WHEN delay > 0 THEN 1 ELSE 0 END' }),
      col('evil', 0, { expression: "read_csv('/etc/passwd')" }),
    ].map((c) => [c.column_name, c]),
  ),
  metrics: new Map([['count', { metric_name: 'count', expression: 'COUNT(*)' }]]),
  mainDttmCol: 'date',
  alwaysFilterMainDttm: false,
};

const NOW = new Date(Date.UTC(2024, 4, 22, 12));
const compile = (q: Record<string, unknown>, engine = 'duckdb', ds = dataset) =>
  compileQuery(ds, normalizeQuery(q, { sqlMaxRow: 100_000 }), getEngineSpec(engine), { now: NOW });

function error(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpError) return String(e.body.message);
    throw e;
  }
  throw new Error('expected a 400');
}

describe('query compiler', () => {
  it('groups dimensions, aggregates metrics, orders by the first metric and limits (form-data default 1000)', () => {
    const { sql, columnLabels, metricLabels } = compile({ columns: ['origin'], metrics: ['count'] });
    expect(sql).toBe(
      'SELECT "origin" AS "origin",\n       (COUNT(*)) AS "count"\nFROM "main"."flights"\nGROUP BY "origin"\nORDER BY (COUNT(*)) DESC\nLIMIT 1000',
    );
    expect(columnLabels).toEqual(['origin']);
    expect(metricLabels).toEqual(['count']);
  });

  it('applies the time grain to a temporal x-axis only (a bar chart by a text column keeps its categories)', () => {
    const axis = (name: string) => ({ columnType: 'BASE_AXIS', sqlExpression: name, label: name, expressionType: 'SQL', timeGrain: 'P1D' });
    expect(compile({ columns: [axis('origin')], metrics: ['count'] }).sql).toContain('SELECT "origin" AS "origin"');
    expect(compile({ columns: [axis('date')], metrics: ['count'] }).sql).not.toContain('SELECT "date" AS "date"');
  });

  it('counts the rows of the answer for is_rowcount (table server pagination), ignoring order and offset', () => {
    const { sql, metricLabels } = compile({ columns: ['origin'], metrics: ['count'], row_limit: 500, row_offset: 20, is_rowcount: true });
    expect(sql).toMatch(/^SELECT COUNT\(\*\) AS "rowcount"\nFROM \(\nSELECT "origin"/);
    expect(sql).toContain('LIMIT 500\n) AS rowcount_qry');
    expect(sql).not.toContain('OFFSET');
    expect(sql).not.toContain('ORDER BY');
    expect(metricLabels).toEqual(['rowcount']);
  });

  it('caps row_limit at SQL_MAX_ROW and pages with row_offset', () => {
    const { sql } = compile({ columns: ['origin'], metrics: null, row_limit: 5_000_000, row_offset: 20 });
    expect(sql).toMatch(/LIMIT 100000\nOFFSET 20$/);
    expect(sql).not.toContain('GROUP BY');
  });

  it('names adhoc SIMPLE metrics as the client does and maps COUNT_DISTINCT', () => {
    const { sql, metricLabels } = compile({
      columns: [],
      metrics: [
        { expressionType: 'SIMPLE', aggregate: 'COUNT_DISTINCT', column: { column_name: 'origin' } },
        { expressionType: 'SIMPLE', aggregate: 'AVG', column: { column_name: 'late' }, label: 'late share' },
      ],
    });
    expect(metricLabels).toEqual(['COUNT_DISTINCT(origin)', 'late share']);
    expect(sql).toContain('COUNT(DISTINCT "origin") AS "COUNT_DISTINCT(origin)"');
    expect(sql).toContain('AVG((CASE WHEN delay > 0 THEN 1 ELSE 0 END)) AS "late share"');
  });

  it('types filter values to the column and quotes text for the engine', () => {
    const { sql } = compile({
      columns: ['origin'],
      metrics: ['count'],
      filters: [
        { col: 'delay', op: '>=', val: '15' },
        { col: 'origin', op: 'IN', val: ["O'Hare", null] },
        { col: 'date', op: '<', val: '2001-02-01' },
      ],
    });
    expect(sql).toContain('"delay" >= 15');
    expect(sql).toContain(`("origin" IN ('O''Hare') OR "origin" IS NULL)`);
    expect(sql).toMatch(/"date" < TIMESTAMP '2001-02-01 00:00:00/);
    expect(error(() => compile({ columns: [], metrics: ['count'], filters: [{ col: 'delay', op: '>', val: 'abc' }] }))).toContain(
      'not a number',
    );
  });

  it('escapes backslashes in literals on MySQL and falls back from ILIKE where the engine lacks it', () => {
    const { sql } = compile({ columns: [], metrics: ['count'], filters: [{ col: 'origin', op: 'ILIKE', val: 'a\\%' }] }, 'mysql');
    expect(sql).toContain("LOWER(`origin`) LIKE LOWER('a\\\\%')");
    const duck = compile({ columns: [], metrics: ['count'], filters: [{ col: 'origin', op: 'ILIKE', val: '%sf%' }] });
    expect(duck.sql).toContain(`"origin" ILIKE '%sf%'`);
  });

  it('reads both spellings of every operator of the spec', () => {
    const pairs: [string, string][] = [
      ['EQUALS', '=='],
      ['NOT_EQUALS', '!='],
      ['LESS_THAN', '<'],
      ['LESS_THAN_OR_EQUAL', '<='],
      ['GREATER_THAN', '>'],
      ['GREATER_THAN_OR_EQUAL', '>='],
      ['IN', 'IN'],
      ['NOT_IN', 'NOT IN'],
      ['LIKE', 'LIKE'],
      ['ILIKE', 'ILIKE'],
      ['IS_NOT_NULL', 'IS NOT NULL'],
      ['IS_NULL', 'IS NULL'],
      ['IS_TRUE', 'IS TRUE'],
      ['IS_FALSE', 'IS FALSE'],
      ['TEMPORAL_RANGE', 'TEMPORAL_RANGE'],
    ];
    for (const [name, symbol] of pairs) {
      expect(canonicalOp(name)).toBe(symbol);
      expect(canonicalOp(symbol)).toBe(symbol);
    }
    expect(error(() => canonicalOp('LATEST_PARTITION'))).toContain('Unsupported filter operator');
  });

  it('applies a TEMPORAL_RANGE filter as a half-open range and reports the bounds', () => {
    const out = compile({ columns: [], metrics: ['count'], filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: 'Last week' }] });
    expect(out.sql).toContain(`"date" >= TIMESTAMP '2024-05-15 00:00:00`);
    expect(out.sql).toContain(`"date" < TIMESTAMP '2024-05-22 00:00:00`);
    expect(out.bounds.since?.toISOString()).toBe('2024-05-15T00:00:00.000Z');
    expect(out.appliedFilters).toEqual([{ column: '__time_range' }]);
    expect(
      error(() => compile({ columns: [], metrics: ['count'], filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: 'blue moon : now' }] })),
    ).toContain('blue moon');
  });

  it('buckets a BASE_AXIS column by its grain on each engine', () => {
    const axis = { columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', timeGrain: 'P1M' };
    for (const engine of ['duckdb', 'postgresql', 'mysql', 'sqlite']) {
      const { sql, temporalLabels } = compile({ columns: [axis], metrics: ['count'] }, engine);
      expect(temporalLabels.has('date'), engine).toBe(true);
      expect(sql, engine).not.toMatch(/^SELECT "date" AS/);
    }
  });

  it('an x-axis expression of no dataset column keeps its values (not taken for time) and is no series', () => {
    const axis = { columnType: 'BASE_AXIS', sqlExpression: 'EXTRACT(year FROM date)', label: 'year', expressionType: 'SQL' };
    const { sql, temporalLabels } = compile({ columns: [axis, 'origin'], metrics: ['count'], series_limit: 3 });
    expect(temporalLabels.has('year')).toBe(false);
    // the series limit ranks the origins, not the years
    expect(sql).toContain('SELECT "origin" AS "series__0"');
    expect(sql).not.toContain('AS "series__1"');
  });

  it('limits series through a subquery join ranked by the series metric', () => {
    const { sql } = compile({
      columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', timeGrain: 'P1D' }, 'origin'],
      metrics: ['count'],
      series_columns: ['origin'],
      series_limit: 5,
    });
    expect(sql).toContain('JOIN (\nSELECT "origin" AS "series__0"');
    expect(sql).toContain(
      'LIMIT 5\n) AS series_limit ON ("origin" = series_limit."series__0" OR ("origin" IS NULL AND series_limit."series__0" IS NULL))',
    );
  });

  it('names every missing column and metric in one message', () => {
    expect(error(() => compile({ columns: ['nope'], metrics: ['count', 'ghost'], orderby: [['gone', true]] }))).toBe(
      "Columns missing in dataset: ['nope', 'ghost', 'gone']",
    );
  });

  it('refuses adhoc SQL, where/having and calculated columns that are not one safe expression', () => {
    expect(
      error(() => compile({ columns: [], metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*); DROP TABLE x', label: 'm' }] })),
    ).toMatch(/^Metric m: /);
    expect(error(() => compile({ columns: [], metrics: ['count'], extras: { where: '1=1 UNION SELECT 1' } }))).toMatch(/^extras.where: /);
    expect(error(() => compile({ columns: ['evil'], metrics: ['count'] }))).toMatch(/^Calculated column evil: /);
    expect(error(() => compile({ columns: [{ sqlExpression: '(SELECT 1)', label: 'x' }], metrics: ['count'] }))).toMatch(/^Column x: /);
  });

  it('runs a virtual dataset as a subquery without its trailing semicolons', () => {
    const { sql } = compile({ columns: ['origin'], metrics: ['count'] }, 'duckdb', {
      ...dataset,
      sql: 'SELECT * FROM flights WHERE delay > 0;;\n',
    });
    expect(sql).toContain('FROM (\nSELECT * FROM flights WHERE delay > 0\n) AS virtual_table');
  });

  it('filters the time column on the query time range with granularity (legacy __timestamp axis)', () => {
    const { sql, columnLabels } = compile({
      columns: [],
      metrics: ['count'],
      granularity: 'date',
      is_timeseries: true,
      time_range: '2001-01-01 : 2001-02-01',
      extras: { time_grain_sqla: 'P1D' },
    });
    expect(columnLabels).toEqual(['__timestamp']);
    expect(sql).toContain(`"date" >= TIMESTAMP '2001-01-01 00:00:00`);
  });
});
