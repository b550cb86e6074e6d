/**
 * How Rama reads DuckDB's SQL text: node-sql-parser has no DuckDB grammar, and PostgreSQL's is the
 * closest (the spec's `confirmsReadOnly` asks DuckDB itself about what it cannot read). The
 * tokenizer reads it as PostgreSQL text too: dollar quotes, E'…' strings, "…" names.
 */
import type { SqlSyntax } from '../types.js';

export const duckdbSyntax: SqlSyntax = {
  parser: 'PostgresQL',
  expressionGrammars: [{ grammar: 'PostgresQL', identQuote: '"' }],
  parserRewrites: 'castsAndOperators',
  lexer: {
    backslashEscapes: false,
    hashComments: false,
    doubleQuotedStrings: false,
    bracketIdentifiers: false,
    dollarQuotedStrings: true,
    atVariables: false,
    // the expression guard reads its literals as PostgreSQL's, whose reading depends on a setting
    backslashDependsOnSettings: true,
  },
};
