/**
 * How Rama reads SQLite's SQL text. node-sql-parser's SQLite grammar misses window functions, so
 * an expression it cannot read gets a second try with PostgreSQL's. A backslash is never an escape.
 */
import type { SqlSyntax } from '../types.js';

export const sqliteSyntax: SqlSyntax = {
  parser: 'Sqlite',
  expressionGrammars: [
    { grammar: 'Sqlite', identQuote: '"' },
    { grammar: 'PostgresQL', identQuote: '"' },
  ],
  parserRewrites: 'none',
  lexer: {
    backslashEscapes: false,
    hashComments: false,
    doubleQuotedStrings: false,
    bracketIdentifiers: true,
    dollarQuotedStrings: false,
    atVariables: false,
    backslashDependsOnSettings: false,
  },
};
