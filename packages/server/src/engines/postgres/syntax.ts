/** How Rama reads PostgreSQL's SQL text: node-sql-parser's grammar and the tokenizer's rules. */
import type { SqlSyntax } from '../types.js';

export const postgresSyntax: SqlSyntax = {
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
    // standard_conforming_strings = off reads a backslash in '…' as an escape
    backslashDependsOnSettings: true,
  },
};
