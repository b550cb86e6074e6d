/**
 * POST /api/v1/chart/data: a query context → one payload per query object, through the
 * compiler, the execution path, time comparison, post-processing and the cache (single flight).
 * Every result type and format is shaped here; routes only parse and send.
 */
import { randomBytes } from 'node:crypto';
import {
  PostProcessingError,
  RESULT_FORMATS,
  RESULT_TYPES,
  TIME_GRAINS,
  TimeRangeError,
  type ChartDataResultFormat,
  type ChartDataResultType,
  type GenericDataType,
  type QueryContext,
  type QueryObject,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import { badRequest, forbidden, HttpError } from '../http/errors.js';
import type { Principal } from '../security/principal.js';
import { recordsToCsv } from '../execution/formats/csv.js';
import { recordsToXlsx } from '../execution/formats/xlsx.js';
import { zipFiles } from '../execution/formats/zip.js';
import { MemoryChartCache, RedisChartCache, SingleFlight, type ChartCacheStore } from './cache.js';
import { CACHE_KEY_PATTERN, ChartCacheKeys, callerScope, entryScope, mayReadEntry } from './cache-scope.js';
import { compileQuery, type CompiledQuery } from './compile.js';
import { rlsHash } from './cache-scope.js';
import { datasourceId, loadDatasource, type LoadedDatasource } from './datasource.js';
import { chartDataVia } from './data-access.js';
import { checkGuestQuery } from '../access/guest-chart-data.js';
import { normalizeQuery, type NormalizedQuery } from './query.js';
import { joinOffset, shiftTimeOrFail } from './offsets.js';
import { renderDatasetSql, runSelect } from './run.js';
import { PostProcessBusyError, postProcess } from './postprocess-pool.js';
import { withNativeAnnotationData } from './annotations.js';
import { chartCacheTimeout } from '../metadata/repos/charts.js';

/** The default cache lifetime (the BI server's CACHE_DEFAULT_TIMEOUT: one day). */
export const DEFAULT_CACHE_TIMEOUT = 86_400;
/** Rows a samples or drill-to-detail page holds at most. */
export const SAMPLES_ROW_LIMIT = 1000;

export interface QueryPayload {
  query: string;
  status: 'success';
  error: null;
  rowcount: number;
  sql_rowcount: number;
  colnames: string[];
  coltypes: GenericDataType[];
  data: Record<string, unknown>[];
  applied_filters: { column: string }[];
  rejected_filters: { column: string; reason: string }[];
  label_map: Record<string, string[]>;
  from_dttm: number | null;
  to_dttm: number | null;
  total_count?: number;
}

/**
 * What the engine answers. JSON: each query's payload as JSON text, written once (post-processing
 * writes `data`, the cache keeps the text as it is, `wrap` and the annotation layers splice their
 * fields in) and put into `{"result":[…]}` by whoever sends it (`sendChartData`, reply.ts); a
 * reader on the server parses the one payload it needs. A file: its bytes.
 */
export type ChartDataReply =
  { kind: 'json'; payloads: string[] } | { kind: 'file'; contentType: string; filename: string; data: Buffer | string };

export interface ChartDataOptions {
  signal?: AbortSignal;
  /** `?force=true` on the URL (the body's `force` counts too) */
  force?: boolean;
}

interface CacheInfo {
  key: string | null;
  storedAt: string | null;
  timeout: number | null;
  cached: boolean;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function oneOf<T extends string>(value: unknown, allowed: readonly T[], name: string, fallback: T): T {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw badRequest(`Unsupported ${name}: ${String(value)}`);
}

/** Seconds an async job's whole reply is kept under its own key: time enough to be read. */
export const ASYNC_RESULT_TTL = 600;

/** One query's payload as it goes out, the cache key it is stored under (null: not cached) and for how long. */
interface Part {
  text: string;
  key: string | null;
  ttlSeconds: number;
}

/** The body of a JSON reply: `{"result":[…]}` around the payloads' text (an async job's whole reply is stored so). */
export const resultBody = (payloads: readonly string[]): string => `{"result":[${payloads.join(',')}]}`;

/** An async job's whole reply is stored beside the queries' payloads, under a key of its own kind. */
const contextKey = (key: string): string => `context:${key}`;

declare module '../context.js' {
  interface AppContext {
    /** chart data: compiler, cache and single flight (one per process) */
    charts: ChartDataService;
  }
}

export class ChartDataService {
  readonly store: ChartCacheStore;
  private readonly flight: SingleFlight;
  private readonly keys: ChartCacheKeys;
  /** database queries this process ran for charts (the benchmark and tests read it) */
  queriesRun = 0;

  constructor(private readonly ctx: AppContext) {
    this.store = ctx.config.redisUrl
      ? new RedisChartCache(ctx.config.redisUrl, ctx.config.redisPrefix)
      : new MemoryChartCache(ctx.config.chartCacheMaxBytes);
    this.flight = new SingleFlight(this.store);
    this.keys = new ChartCacheKeys(ctx.config.secretKey);
  }

  close(): Promise<void> {
    return this.store.close();
  }

  async data(user: Principal, qc: QueryContext, opts: ChartDataOptions = {}): Promise<ChartDataReply> {
    const run = await this.run(user, qc, opts, 'compute');
    return this.reply(run.format, run.parts as Part[], run.label);
  }

  /**
   * The reply from the cache alone, or null when a query of the context is not cached (always null
   * with `force`). Everything else is checked as for `data`, so bad input and missing access fail
   * here: asynchronous delivery looks here before it queues a job.
   */
  async cachedReply(user: Principal, qc: QueryContext, opts: { force?: boolean } = {}): Promise<ChartDataReply | null> {
    const run = await this.run(user, qc, opts, 'cache-only');
    if (run.parts.some((p) => p === null)) return null;
    return this.reply(run.format, run.parts as Part[], run.label);
  }

  /**
   * Compute a query context into the cache (an async job) and name where its reply is read: the
   * job's own key, random, whose entry holds the whole reply for ASYNC_RESULT_TTL and is served
   * only to the user who queued the job (another user's result URL answers "not found").
   */
  async loadIntoCache(user: Principal, qc: QueryContext, opts: { force?: boolean; signal?: AbortSignal } = {}): Promise<string> {
    const run = await this.run(user, qc, opts, 'compute');
    const key = randomBytes(20).toString('hex');
    // the clauses it was computed under: a reader whose clauses differ is "not found" (cache-scope.ts)
    const scope = { datasourceType: 'table', datasourceId: run.datasourceId, userId: user.id, rls: rlsHash(run.rls) };
    const payloads = (run.parts as Part[]).map((p) => p.text);
    await this.store.set(contextKey(key), resultBody(payloads), ASYNC_RESULT_TTL, scope);
    return key;
  }

  private async run(
    user: Principal,
    qc: QueryContext,
    opts: ChartDataOptions,
    mode: 'compute' | 'cache-only',
  ): Promise<{ format: ChartDataResultFormat; parts: (Part | null)[]; label: string; datasourceId: number; rls: string[] }> {
    const resultType = oneOf<ChartDataResultType>(qc.result_type, RESULT_TYPES, 'result_type', 'full');
    const format = oneOf<ChartDataResultFormat>(qc.result_format, RESULT_FORMATS, 'result_format', 'json');
    if (format !== 'json' && !user.can('can_csv', 'Rama')) throw forbidden('You do not have permission to download data.');
    // the dashboard and chart the request names: under DASHBOARD_RBAC and for guests they grant access
    const via = chartDataVia(qc.form_data);
    const ds = await loadDatasource(this.ctx, user, datasourceId(qc.datasource), via);
    checkGuestQuery(user, ds.row.id, via, qc.queries, resultType);
    const force = qc.force === true || opts.force === true;
    const timeout = await this.cacheTimeout(qc, ds);
    const parts: (Part | null)[] = [];
    for (const raw of qc.queries) {
      const q = normalizeQuery(raw as QueryObject, { sqlMaxRow: this.ctx.config.sqlMaxRow });
      const part = await this.one(user, ds, q, resultType, { force, timeout, signal: opts.signal, mode });
      // NATIVE annotation layers: their annotations in the query's time range (not cached with the rows)
      if (part && resultType === 'full') part.text = await withNativeAnnotationData(this.ctx, user, raw, q, part.text);
      parts.push(part);
    }
    return { format, parts, label: ds.row.table_name, datasourceId: ds.row.id, rls: ds.compile.rls ?? [] };
  }

  private reply(format: ChartDataResultFormat, parts: Part[], label: string): Promise<ChartDataReply> {
    if (format === 'json') return Promise.resolve({ kind: 'json', payloads: parts.map((p) => p.text) });
    return this.file(
      format,
      parts.map((p) => p.text),
      label,
    );
  }

  /**
   * `GET /api/v1/chart/data/{cache_key}`: a stored result (one query's, or an async job's whole
   * reply), or null when it is gone or the caller could not have run its query (see cache-scope.ts).
   */
  async cached(user: Principal, key: string): Promise<string | null> {
    if (!CACHE_KEY_PATTERN.test(key)) return null;
    const hit = await this.store.get(key);
    if (hit && (await mayReadEntry(this.ctx, user, hit.scope)))
      return resultBody([this.wrap(hit.value, { key, storedAt: hit.storedAt, timeout: null, cached: true })]);
    const job = await this.store.get(contextKey(key));
    return job && (await mayReadEntry(this.ctx, user, job.scope)) ? job.value : null;
  }

  /** The chart's timeout (form_data.slice_id), then the dataset's, the database's, the default. */
  private async cacheTimeout(qc: QueryContext, ds: LoadedDatasource): Promise<number> {
    const sliceId = Number(qc.form_data?.slice_id);
    const chart = Number.isInteger(sliceId) ? await chartCacheTimeout(this.ctx.store.db, sliceId, ds.row.id) : undefined;
    const candidates = [qc.custom_cache_timeout, chart?.cache_timeout, ds.row.cache_timeout, ds.database.cacheTimeout];
    for (const c of candidates) if (typeof c === 'number' && Number.isInteger(c)) return c;
    return this.ctx.config.chartCacheTimeout ?? DEFAULT_CACHE_TIMEOUT;
  }

  /** `{"cache_key":…, "is_cached":…,` + the stored payload's own fields. */
  private wrap(stored: string, c: CacheInfo): string {
    const head = JSON.stringify({
      cache_key: c.key,
      cached_dttm: c.cached ? c.storedAt : null,
      cache_timeout: c.timeout,
      is_cached: c.cached,
    });
    return stored === '{}' ? head : `${head.slice(0, -1)},${stored.slice(1)}`;
  }

  private async one(
    user: Principal,
    ds: LoadedDatasource,
    q: NormalizedQuery,
    resultType: ChartDataResultType,
    opts: { force: boolean; timeout: number; signal?: AbortSignal; mode: 'compute' | 'cache-only' },
  ): Promise<Part | null> {
    const uncached = (text: string): Part => ({ text, key: null, ttlSeconds: 0 });
    if (resultType === 'timegrains') {
      const data = ds.spec.timeGrains().map((g) => ({
        name: TIME_GRAINS.find((t) => t.duration === g)?.name ?? g,
        function: ds.spec.timeGrainExpression(g, '{col}'),
        duration: g,
      }));
      return uncached(JSON.stringify({ data }));
    }
    if (resultType === 'columns') {
      const data = ds.columnList.map((c) => ({ column_name: c.column_name, verbose_name: null, dtype: c.type }));
      return uncached(JSON.stringify({ data }));
    }
    const samples = resultType === 'samples' || resultType === 'drill_detail';
    const query: NormalizedQuery = samples
      ? {
          ...q,
          // rows as they are: every column, no grouping, no ordering beyond the engine's
          columns: [],
          metrics: null,
          orderby: [],
          seriesLimit: 0,
          timeOffsets: [],
          postProcessing: [],
          isTimeseries: false,
          rowLimit: Math.min(q.rowLimit, SAMPLES_ROW_LIMIT),
        }
      : q;
    const now = new Date();
    const sql = await renderDatasetSql(this.ctx, user, ds, query, now);
    const dataset = { ...ds.compile, sql };
    const compiled = compileQuery(dataset, query, ds.spec, { now });
    if (resultType === 'query') return uncached(JSON.stringify({ query: compiled.sql, language: 'sql' }));
    const offsets = query.timeOffsets.map((offset) => ({
      offset,
      compiled: compileQuery(dataset, query, ds.spec, { now, shift: (d) => shiftTimeOrFail(d, offset) }),
    }));
    const caller = callerScope(user, ds);
    const key = this.keys.of(
      {
        ds: ds.row.id,
        changed: ds.row.changed_on,
        sql: compiled.sql,
        offsets: offsets.map((o) => [o.offset, o.compiled.sql]),
        pp: query.postProcessing,
        rt: resultType,
        off: ds.row.offset,
      },
      caller,
    );
    const cacheable = opts.timeout !== -1;
    const ttlSeconds = cacheable ? ttl(opts.timeout) : 0;
    if (opts.mode === 'cache-only') {
      const hit = cacheable && !opts.force ? await this.store.get(key) : null;
      if (!hit) return null;
      const text = this.wrap(hit.value, { key, storedAt: hit.storedAt, timeout: opts.timeout, cached: true });
      return { text, key, ttlSeconds };
    }
    const scope = entryScope(ds, caller);
    const entry = await this.flight.once(key, { force: opts.force || !cacheable, ttlSeconds, scope }, async () => {
      const { payload, dataJson } = await this.compute(ds, query, compiled, offsets, opts.signal);
      if (resultType === 'drill_detail') payload.total_count = await this.count(user, ds, query);
      return withData(resultType === 'results' ? pickResults(payload) : payload, dataJson);
    });
    const text = this.wrap(entry.value, {
      key: cacheable ? key : null,
      storedAt: entry.storedAt,
      timeout: opts.timeout,
      cached: !entry.fresh,
    });
    return { text, key: cacheable ? key : null, ttlSeconds };
  }

  /** The payload without its `data`, and `data` as JSON text (post-processing may have written it in a worker). */
  private async compute(
    ds: LoadedDatasource,
    q: NormalizedQuery,
    compiled: CompiledQuery,
    offsets: { offset: string; compiled: CompiledQuery }[],
    signal?: AbortSignal,
  ): Promise<{ payload: PayloadHead; dataJson: string }> {
    this.queriesRun++;
    this.ctx.log.debug({ dataset: ds.row.id }, 'chart query');
    let rows = await runSelect(this.ctx, ds, compiled.sql, { maxRows: q.rowLimit, temporal: compiled.temporalLabels, signal });
    const sqlRowcount = rows.rows.length;
    const labelMap: Record<string, string[]> = {};
    for (const name of rows.names) labelMap[name] = [name];
    for (const o of offsets) {
      this.queriesRun++;
      const shifted = await runSelect(this.ctx, ds, o.compiled.sql, { maxRows: q.rowLimit, temporal: compiled.temporalLabels, signal });
      rows = joinOffset(rows, shifted, compiled, o.offset, labelMap);
    }
    // even without rules: the JSON of a large frame is written in a worker, not on the main thread
    let done: Awaited<ReturnType<typeof postProcess>>;
    try {
      done = await postProcess({
        names: rows.names,
        coltypes: rows.coltypes,
        rows: rows.rows,
        // as the BI server: an empty result is not post-processed (a pivot of no rows has no series to rename)
        rules: rows.rows.length === 0 ? [] : q.postProcessing,
        context: {
          fromDttm: compiled.bounds.since?.getTime() ?? null,
          toDttm: compiled.bounds.until?.getTime() ?? null,
          maxCells: this.ctx.config.postProcessMaxCells,
        },
      });
    } catch (e) {
      if (e instanceof PostProcessingError || e instanceof TimeRangeError) throw badRequest(e.message);
      if (e instanceof PostProcessBusyError) throw new HttpError(429, { message: e.message });
      throw e;
    }
    const { names, coltypes, rowcount, dataJson } = done;
    if (done.place === 'worker') this.ctx.log.info({ dataset: ds.row.id, rows: sqlRowcount, rowcount }, 'chart post-processed in a worker');
    const payload: PayloadHead = {
      query: [compiled.sql, ...offsets.map((o) => o.compiled.sql)].join(';\n\n'),
      status: 'success',
      error: null,
      rowcount,
      sql_rowcount: sqlRowcount,
      colnames: names,
      coltypes,
      data: DATA,
      applied_filters: compiled.appliedFilters,
      rejected_filters: compiled.rejectedFilters,
      label_map: labelMap,
      from_dttm: compiled.bounds.since?.getTime() ?? null,
      to_dttm: compiled.bounds.until?.getTime() ?? null,
    };
    return { payload, dataJson };
  }

  /** Rows a drill-to-detail view pages through: COUNT(*) under the same filters. */
  private async count(user: Principal, ds: LoadedDatasource, q: NormalizedQuery): Promise<number> {
    const countQuery: NormalizedQuery = {
      ...q,
      columns: [],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }],
      orderby: [],
      rowLimit: 1,
      rowOffset: 0,
    };
    const sql = await renderDatasetSql(this.ctx, user, ds, countQuery);
    const compiled = compileQuery({ ...ds.compile, sql }, countQuery, ds.spec);
    this.queriesRun++;
    const rows = await runSelect(this.ctx, ds, compiled.sql, { maxRows: 1, temporal: new Set() });
    return Number(rows.rows[0]?.[0] ?? 0);
  }

  /**
   * CSV or XLSX of the payloads. Each is parsed here, once: a payload is JSON text wherever it comes
   * from (the cache, which JSON and file requests of a query share, or post-processing, which writes
   * `data` as text, in a worker for a large frame).
   */
  private async file(format: 'csv' | 'xlsx', parts: string[], label: string): Promise<ChartDataReply> {
    const files = await Promise.all(
      parts.map(async (text, i) => {
        const p = JSON.parse(text) as Partial<QueryPayload>;
        const colnames = p.colnames ?? [];
        const rows = p.data ?? [];
        const name = `${label}${parts.length > 1 ? `_${i + 1}` : ''}.${format}`;
        const data =
          format === 'csv'
            ? recordsToCsv(colnames, rows, { coltypes: p.coltypes })
            : await recordsToXlsx(colnames, p.coltypes ?? [], rows, { sheetName: label });
        return { name, data };
      }),
    );
    if (files.length === 1) {
      const f = files[0];
      return { kind: 'file', contentType: format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE, filename: f.name, data: f.data };
    }
    return { kind: 'file', contentType: 'application/zip', filename: `${label}.zip`, data: zipFiles(files) };
  }
}

/** 0 in the dataset means "never expires": kept for a year. */
const ttl = (timeout: number): number => (timeout === 0 ? 365 * 86_400 : timeout);

/** Where a payload's `data` goes: it is JSON text already, spliced in by `withData`. */
const DATA = Symbol('data');
type PayloadHead = Omit<QueryPayload, 'data'> & { data: typeof DATA };

function pickResults(p: PayloadHead): Record<string, unknown> {
  return { data: p.data, colnames: p.colnames, coltypes: p.coltypes, rowcount: p.rowcount, sql_rowcount: p.sql_rowcount, query: p.query };
}

/**
 * The payload's JSON with `data` written as the given text, keys in their order. A reply near the
 * cells limit is tens of megabytes: parsing it back to re-serialise it would stall every user.
 */
function withData(head: object, dataJson: string): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(head)) {
    if (v === undefined) continue;
    parts.push(`${JSON.stringify(k)}:${v === DATA ? dataJson : JSON.stringify(v)}`);
  }
  return `{${parts.join(',')}}`;
}
