/**
 * PostgreSQL's answers for the chart data compiler: time grains with date_trunc, typed literals
 * (both shared with other engines that speak them, ../dialect.ts), string literals safe under
 * either `standard_conforming_strings`, and the functions an analyst's expression may call.
 */
import { DATE_TRUNC_GRAINS, grainMethods, literalText, typedDttmLiteral, type EngineDialect } from '../dialect.js';
import { POSTGRES_FUNCTIONS } from './functions.js';

/**
 * `'O''Brien'`, and `E'back\\slash'` when the text holds a backslash: PostgreSQL. A plain literal
 * reads a backslash as an escape when the session has `standard_conforming_strings = off`, so
 * `\' OR …` would end it early; an E'' literal reads backslash escapes under either setting, so
 * with backslashes and quotes doubled it ends where it was meant to, whatever the session says.
 * Rama's sessions set the option on (spec.ts); this holds even where something turned it off.
 */
export function postgresStringLiteral(value: string): string {
  const text = literalText(value);
  if (!text.includes('\\')) return `'${text.replaceAll("'", "''")}'`;
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

export const postgresDialect: EngineDialect = {
  ...grainMethods(DATE_TRUNC_GRAINS),
  dttmLiteral: typedDttmLiteral,
  stringLiteral: postgresStringLiteral,
  expressionFunctions: POSTGRES_FUNCTIONS,
};
