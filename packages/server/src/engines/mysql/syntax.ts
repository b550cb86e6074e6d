/**
 * How Rama reads MySQL's and MariaDB's SQL text: backslash escapes, "…" strings, `#` comments,
 * `@` variables. Each grammar of node-sql-parser misses forms the other knows (MariaDB's misses
 * `status` as a name), so an expression gets a second try with the sibling grammar.
 */
import type { LexRules } from '../lexer.js';
import type { SqlSyntax } from '../types.js';

const lexer: LexRules = {
  backslashEscapes: true,
  hashComments: true,
  doubleQuotedStrings: true,
  bracketIdentifiers: false,
  dollarQuotedStrings: false,
  atVariables: true,
  // NO_BACKSLASH_ESCAPES turns the escapes off
  backslashDependsOnSettings: true,
};

export const mysqlSyntax: SqlSyntax = {
  parser: 'MySQL',
  expressionGrammars: [
    { grammar: 'MySQL', identQuote: '`' },
    { grammar: 'MariaDB', identQuote: '`' },
  ],
  parserRewrites: 'nullSafeEquals',
  lexer,
};

export const mariadbSyntax: SqlSyntax = {
  parser: 'MariaDB',
  expressionGrammars: [
    { grammar: 'MariaDB', identQuote: '`' },
    { grammar: 'MySQL', identQuote: '`' },
  ],
  parserRewrites: 'nullSafeEquals',
  lexer,
};
