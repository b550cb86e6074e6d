/**
 * node-sql-parser's Parser, made on first use rather than at start: its bundle holds every dialect's
 * grammar (about 5 MB of source that V8 keeps, plus what it builds), and a server that has not yet
 * parsed SQL need not carry it. The package is CommonJS, so it is required synchronously: the
 * callers parse synchronously.
 */
import type NodeSqlParser from 'node-sql-parser';
import { lazyModule } from '../lazy-module.js';

const nodeSqlParser = lazyModule<typeof NodeSqlParser>('node-sql-parser');

let parser: NodeSqlParser.Parser | undefined;

/** The one Parser the server shares (it keeps no state between calls). */
export function sqlParser(): NodeSqlParser.Parser {
  if (!parser) {
    const { Parser } = nodeSqlParser();
    parser = new Parser();
  }
  return parser;
}
