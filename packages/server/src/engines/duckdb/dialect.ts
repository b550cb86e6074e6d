/**
 * DuckDB's answers for the chart data compiler. DuckDB speaks PostgreSQL's date_trunc, intervals
 * and typed literals, so the grains and typed literals are PostgreSQL's; what differs is what an
 * expression may call (functions.ts: DuckDB reads files and URLs from plain SQL functions)
 * and string literals, where a backslash is never an escape.
 */
import { DATE_TRUNC_GRAINS, grainMethods, standardStringLiteral, typedDttmLiteral, type EngineDialect } from '../dialect.js';
import { DUCKDB_FUNCTIONS } from './functions.js';

export const duckdbDialect: EngineDialect = {
  ...grainMethods(DATE_TRUNC_GRAINS),
  dttmLiteral: typedDttmLiteral,
  stringLiteral: standardStringLiteral,
  expressionFunctions: DUCKDB_FUNCTIONS,
};
