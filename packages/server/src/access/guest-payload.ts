/**
 * What a guest may ask of a dataset (the BI server's `query_context_modified` rule, made practical):
 * the metrics, columns and orderings of a chart data request must be ones the chart it names
 * already uses (its saved params and query context), or, for a native filter's options query (no
 * chart named), the columns, sort metrics and MIN/MAX of the filters that target the dataset.
 *
 * Items are compared by reference, not by their exact JSON: a column name, a SQL expression's text
 * (so the x axis `"date"` and the query's BASE_AXIS column `{sqlExpression: "date", timeGrain…}`
 * match whatever grain a filter picks), a saved metric's name, or `AGG(column)` for a simple adhoc
 * metric. Filters (`filters`, `extras.where/having`) are not restricted: they only narrow rows,
 * and row level security is ANDed in whatever they say.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The reference of one metric or column as a query or a chart's params write it, or null. */
export function itemRef(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (!isObject(v)) return null;
  if (v.expressionType === 'SIMPLE' && isObject(v.column) && typeof v.column.column_name === 'string' && typeof v.aggregate === 'string')
    return `${v.aggregate.toUpperCase()}(${v.column.column_name})`;
  if (typeof v.sqlExpression === 'string' && v.sqlExpression.trim()) return v.sqlExpression.trim();
  if (typeof v.column_name === 'string') return v.column_name;
  return null;
}

const MAX_WALK = 20_000;

/** Every reference found anywhere in a stored value (params, query context, filter config). */
export function collectRefs(value: unknown, out: Set<string> = new Set()): Set<string> {
  let budget = MAX_WALK;
  const walk = (v: unknown, depth: number) => {
    if (budget-- <= 0 || depth > 32) return;
    const ref = itemRef(v);
    if (ref !== null) out.add(ref);
    if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (isObject(v)) for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(value, 0);
  return out;
}

/** A stored JSON text (params, query_context, json_metadata) as a value; null when it is not JSON. */
export function parseStored(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const ITEM_LISTS = ['metrics', 'columns', 'groupby', 'series_columns'] as const;
const ITEM_SINGLES = ['series_limit_metric', 'timeseries_limit_metric'] as const;

/** The references a query object asks for (metrics, columns, group by, orderings). */
export function requestedRefs(query: unknown): string[] {
  if (!isObject(query)) return [];
  const out: string[] = [];
  const add = (v: unknown) => {
    if (v === null || v === undefined || v === '') return;
    out.push(itemRef(v) ?? JSON.stringify(v));
  };
  for (const key of ITEM_LISTS) {
    const list = query[key];
    if (Array.isArray(list)) list.forEach(add);
  }
  for (const key of ITEM_SINGLES) add(query[key]);
  if (Array.isArray(query.orderby)) for (const o of query.orderby) add(Array.isArray(o) ? o[0] : o);
  return out;
}

/** The first reference of the request that `allowed` lacks, or null when every one is allowed. */
export function firstUnknownRef(queries: unknown[], allowed: Set<string>): string | null {
  for (const q of queries) for (const ref of requestedRefs(q)) if (!allowed.has(ref)) return ref;
  return null;
}

/** What the native filters of a dashboard's json_metadata let a guest ask of each dataset. */
export function filterRefsByDataset(metadata: unknown): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  const config = isObject(metadata) ? metadata.native_filter_configuration : null;
  if (!Array.isArray(config)) return out;
  for (const filter of config.slice(0, 1000)) {
    if (!isObject(filter) || !Array.isArray(filter.targets)) continue;
    for (const target of filter.targets) {
      if (!isObject(target)) continue;
      const datasetId = Number(target.datasetId);
      if (!Number.isInteger(datasetId) || datasetId < 1) continue;
      let refs = out.get(datasetId);
      if (!refs) out.set(datasetId, (refs = new Set()));
      collectRefs(filter, refs);
      const column = isObject(target.column) && typeof target.column.name === 'string' ? target.column.name : null;
      if (column) {
        refs.add(column);
        refs.add(`MIN(${column})`);
        refs.add(`MAX(${column})`);
      }
    }
  }
  return out;
}
