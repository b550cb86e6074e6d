/**
 * How Rama reads ClickHouse's SQL text. node-sql-parser has no ClickHouse grammar; MySQL's is the
 * closest (backtick names, backslash escapes in '…' strings). Unlike MySQL, "…" quotes a name in
 * ClickHouse and the escapes never depend on a setting; `#` is no comment. What the grammar cannot
 * read (`count()`, `FROM numbers(…)`, `ARRAY JOIN` …) is confirmed as a plain query by ClickHouse's
 * own parser (spec.ts, `confirmsReadOnly`).
 */
import type { SqlSyntax } from '../types.js';

export const clickhouseSyntax: SqlSyntax = {
  parser: 'MySQL',
  expressionGrammars: [{ grammar: 'MySQL', identQuote: '`' }],
  parserRewrites: 'none',
  lexer: {
    backslashEscapes: true,
    hashComments: false,
    doubleQuotedStrings: false,
    bracketIdentifiers: false,
    dollarQuotedStrings: false,
    atVariables: false,
    backslashDependsOnSettings: false,
  },
};
