/**
 * Every SQL expression the product ships passes the expression guard of the engine it runs on: the
 * example datasets' metrics, and every SQL column, metric and filter in the example charts' saved
 * form data and query contexts (as buildQuery writes them). An example that calls a function off
 * the allow-list fails here, not in front of a new user.
 */
import { describe, expect, it } from 'vitest';
import { duckdbSpec } from '../engines/duckdb/spec.js';
import { EXAMPLE_CHARTS, exampleFormData, exampleQueryContext } from '../examples/charts.js';
import { EXAMPLE_DATASETS } from '../examples/datasets.js';
import { checkSqlExpression, type ExpressionKind } from './expression.js';

interface Found {
  where: string;
  expression: string;
  kind: ExpressionKind;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys whose values hold metrics (adhoc SQL metrics are checked as aggregates). */
const METRIC_KEYS = /^(metric|metrics|metric_2|percent_metrics|timeseries_limit_metric|series_limit_metric|secondary_metric|size|x|y)$/;

/** Every `sqlExpression` below `node`, with the kind the compiler checks it as. */
function sqlExpressions(node: unknown, where: string, inMetrics = false, out: Found[] = []): Found[] {
  if (Array.isArray(node)) {
    node.forEach((n, i) => sqlExpressions(n, `${where}[${i}]`, inMetrics, out));
    return out;
  }
  if (!isRecord(node)) return out;
  if (typeof node.sqlExpression === 'string' && (node.expressionType === 'SQL' || node.expressionType === undefined)) {
    const clause = node.clause === 'HAVING' ? 'having' : node.clause === 'WHERE' ? 'where' : null;
    out.push({ where, expression: node.sqlExpression, kind: clause ?? (inMetrics ? 'metric' : 'column') });
  }
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'object' && value !== null) sqlExpressions(value, `${where}.${key}`, inMetrics || METRIC_KEYS.test(key), out);
  }
  return out;
}

/** `extras.where` / `extras.having` of a query context's queries: free SQL filters. */
function extrasOf(queries: unknown, where: string): Found[] {
  if (!Array.isArray(queries)) return [];
  return queries.flatMap((q: unknown, i) => {
    const extras = isRecord(q) && isRecord(q.extras) ? q.extras : {};
    return (['where', 'having'] as const)
      .filter((k) => typeof extras[k] === 'string' && (extras[k] as string).trim() !== '')
      .map((k) => ({ where: `${where}.queries[${i}].extras.${k}`, expression: extras[k] as string, kind: k }));
  });
}

const shipped: Found[] = [
  ...EXAMPLE_DATASETS.flatMap((ds) =>
    ds.metrics.map((m) => ({ where: `dataset ${ds.table} metric ${m.name}`, expression: m.expression, kind: 'metric' as const })),
  ),
  ...EXAMPLE_CHARTS.flatMap((chart) => {
    const formData = exampleFormData(chart, 1);
    const context = exampleQueryContext(formData);
    return [
      ...sqlExpressions(formData, `chart ${chart.key} form data`),
      ...sqlExpressions(context.queries, `chart ${chart.key} query context`),
      ...extrasOf(context.queries, `chart ${chart.key}`),
    ];
  }),
];

describe('the SQL expressions the examples ship', () => {
  it('are found (the walk reads the shapes the examples use)', () => {
    expect(shipped.filter((f) => f.kind === 'metric').length).toBeGreaterThan(20);
    expect(shipped.some((f) => f.expression.includes('strftime'))).toBe(true);
    expect(shipped.some((f) => f.expression.includes('make_date'))).toBe(true);
  });

  it('all pass the DuckDB expression guard (the examples database is DuckDB)', () => {
    const refused = shipped.flatMap((f) => {
      try {
        checkSqlExpression(duckdbSpec, f.expression, f.kind);
        return [];
      } catch (e) {
        return [`${f.where}: ${f.expression} → ${(e as Error).message}`];
      }
    });
    expect(refused).toEqual([]);
  });
});
