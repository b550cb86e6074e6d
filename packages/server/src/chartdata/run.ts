/**
 * One compiled query through the execution path: the dataset's template rendered, the statement
 * confirmed read-only, the rows collected, temporal values turned into epoch milliseconds and the
 * dataset's hour offset applied. Used by every result type that reads rows.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { GenericDataType } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Cell, ResultColumn, RowSink } from '../engines/types.js';
import { executionHttpError } from '../execution/errors.js';
import { checkStatements, renderSql, templatesEnabled } from '../execution/prepare.js';
import { temporalMs } from '../execution/formats/values.js';
import { typedError } from '../http/errors.js';
import type { Principal } from '../security/principal.js';
import { ErrorType } from '@rama/shared';
import type { LoadedDatasource } from './datasource.js';
import type { NormalizedQuery } from './query.js';
import { resolveTimeRange } from './time-bounds.js';

export interface Rows {
  names: string[];
  coltypes: GenericDataType[];
  /** one array per row */
  rows: unknown[][];
}

const MS_PER_HOUR = 3_600_000;

/**
 * The virtual dataset's SQL with its template rendered for this query (url params, filters, user,
 * time bounds), confirmed to be one read-only statement — whatever the database allows, charts only
 * read. The rest of a chart statement is built by the compiler from checked parts, so this is the
 * one piece of it that needs the statement check. Confirmed texts are remembered per database.
 */
export async function renderDatasetSql(
  ctx: AppContext,
  user: Principal,
  ds: LoadedDatasource,
  q: NormalizedQuery,
  now: Date = new Date(),
): Promise<string | null> {
  const sql = ds.compile.sql;
  if (sql === null) return null;
  let rendered = sql;
  if (sql.includes('{{') || sql.includes('{%')) {
    const temporal = q.filters.find((f) => f.op === 'TEMPORAL_RANGE' && typeof f.val === 'string');
    const range = q.timeRange ?? (temporal ? (temporal.val as string) : null);
    rendered = await renderSql(ds.spec, sql, {
      timeBounds: resolveTimeRange(range, q, now),
      templateParams: ds.row.template_params,
      user,
      urlParams: q.urlParams,
      filters: q.filters.filter((f) => typeof f.col === 'string').map((f) => ({ col: f.col as string, op: f.op, val: f.val })),
      enabled: templatesEnabled(ctx.config),
    });
  }
  await confirmReadOnly(ctx, ds, rendered);
  return rendered;
}

const confirmed = new LRUCache<string, true>({ max: 1000 });

async function confirmReadOnly(ctx: AppContext, ds: LoadedDatasource, sql: string): Promise<void> {
  const key = `${ds.database.id}\0${sql}`;
  if (confirmed.has(key)) return;
  const ns = { databaseId: ds.database.id, catalog: ds.row.catalog, schema: ds.row.schema, timeoutMs: ctx.config.webserverTimeout * 1000 };
  const checked = await checkStatements(ctx.execution, ds.spec, ns, sql, false);
  if (checked.statements.length !== 1)
    throw typedError(400, 'A virtual dataset must be a single SELECT statement.', ErrorType.INVALID_SQL_ERROR);
  confirmed.set(key, true);
}

/** Main-thread time a chart's rows are read and converted for before other requests get a turn. */
const TURN_MS = 10;

/** A function that yields to the event loop once TURN_MS have passed since it last did (else does nothing). */
function loopTurns(): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < TURN_MS) return undefined;
    return yieldToLoop().then(() => {
      since = performance.now();
    });
  };
}

/** Run one SELECT built by the compiler and collect its rows (at most maxRows). */
export async function runSelect(
  ctx: AppContext,
  ds: LoadedDatasource,
  sql: string,
  opts: { maxRows: number; temporal: Set<string>; signal?: AbortSignal },
): Promise<Rows> {
  const ns = {
    databaseId: ds.database.id,
    databaseVersion: ds.database.version,
    catalog: ds.row.catalog,
    // a physical dataset's table is named with its schema: no namespace switch needed
    schema: ds.compile.sql === null ? null : ds.row.schema,
    timeoutMs: ctx.config.webserverTimeout * 1000,
    signal: opts.signal,
  };
  let columns: ResultColumn[] = [];
  const rows: Cell[][] = [];
  const turn = loopTurns();
  const sink: RowSink = {
    columns(c) {
      columns = c;
    },
    rows(batch) {
      for (const r of batch) rows.push(r);
      // an engine hands batches over without waiting: other requests get their turn now and then
      return turn();
    },
  };
  try {
    await ctx.execution.run({ ...ns, statements: [sql], resultIndex: 0, maxRows: opts.maxRows, sink });
  } catch (e) {
    throw executionHttpError(e);
  }
  const names = columns.map((c) => c.name);
  const coltypes = columns.map((c, i) => (opts.temporal.has(names[i]) || c.is_dttm ? 2 : (c.type_generic ?? 1)) as GenericDataType);
  const offsetMs = (ds.row.offset || 0) * MS_PER_HOUR;
  // the rows were collected for this call alone: their cells are converted where they are
  const out = rows as unknown[][];
  for (let r = 0; r < out.length; r++) {
    if (r % 1024 === 1023) await turn();
    const row = out[r];
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (v === null) continue;
      if (coltypes[i] === 2) {
        const ms = temporalMs(v);
        if (ms !== null) row[i] = ms + offsetMs;
      } else if (typeof v === 'bigint') row[i] = Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
    }
  }
  return { names, coltypes, rows: out };
}
