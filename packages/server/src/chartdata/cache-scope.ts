/**
 * Who a cached chart result belongs to, and the keys it is stored under.
 *
 * A key is an HMAC of the normalised query under a key derived from the server's secret: knowing
 * a query's shape (which `result_type: "query"` shows) is not enough to work a key out. The key
 * also holds the caller's scope: the compiled SQL already carries a rendered template's per-user
 * values (current_username() …), but a templated dataset's results are kept per user all the same,
 * so that no rendering path can make two users share one. The row level security clauses applied
 * join the scope too, and the stored entry records their hash.
 *
 * Reading by key alone checks the caller as POST /api/v1/chart/data would: the datasource must
 * be readable, an entry bound to a user is that user's only, and the caller's clauses on that
 * dataset now must be the ones the entry was computed under. Anything else is "not found".
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';
import { deriveKey, HmacSha256 } from '../security/crypto.js';
import { HttpError } from '../http/errors.js';
import { rlsClausesById } from '../rls/apply.js';
import type { Principal } from '../security/principal.js';
import type { CacheScope } from './cache.js';
import { canReadChartDataset } from '../access/charts.js';
import type { LoadedDatasource } from './datasource.js';

/** Keys are 40 hex characters, as the GET route reads them. */
export const CACHE_KEY_PATTERN = /^[0-9a-f]{40}$/;

export class ChartCacheKeys {
  private readonly hmac: HmacSha256;

  constructor(secretKey: string) {
    this.hmac = new HmacSha256(deriveKey(secretKey, 'chart-cache-key'));
  }

  /** The key of a normalised query (any JSON value) for a caller scope. */
  of(query: unknown, scope: CallerScope): string {
    return this.hmac
      .digest(JSON.stringify({ v: 2, scope, query }))
      .toString('hex')
      .slice(0, 40);
  }
}

/** What makes one caller's result differ from another's for the same query (null: nothing). */
export interface CallerScope {
  /** the user, when the dataset's SQL is a template (it may read current_user_id() and the like) */
  userId: number | null;
  /** the row level security clauses applied (absent when none, so such keys stay as they were) */
  rls?: string[];
}

/** A short digest of a clause list, stored with an entry (never the clauses themselves). */
export function rlsHash(clauses: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(clauses)).digest('hex').slice(0, 32);
}

const isTemplate = (sql: string | null): boolean => sql !== null && (sql.includes('{{') || sql.includes('{%'));

/** The caller scope of a query on this datasource. */
export function callerScope(user: Principal, ds: LoadedDatasource): CallerScope {
  const scope: CallerScope = { userId: isTemplate(ds.compile.sql) ? user.id : null };
  if (ds.compile.rls?.length) scope.rls = ds.compile.rls;
  return scope;
}

/** The scope stored with a result of this datasource computed for this caller (datasets are all `table`s). */
export function entryScope(ds: LoadedDatasource, caller: CallerScope): CacheScope {
  return { datasourceType: 'table', datasourceId: ds.row.id, userId: caller.userId, rls: rlsHash(caller.rls ?? []) };
}

/**
 * May this caller read an entry by its key: it has a scope, names no other user, the caller may
 * read its datasource now (access revoked since it was stored counts), and the row level security
 * clauses that apply to the caller on it now hash to those it was computed under (every entry,
 * an async job's whole reply included, records them; one without a record counts as none).
 */
export async function mayReadEntry(ctx: AppContext, user: Principal, scope: CacheScope | null): Promise<boolean> {
  if (!scope) return false;
  if (scope.userId !== null && scope.userId !== user.id) return false;
  if (!(await canReadChartDataset(ctx, user, { datasource_id: scope.datasourceId }))) return false;
  let mine: string[];
  try {
    mine = await rlsClausesById(ctx, user, scope.datasourceId);
  } catch (e) {
    // a rule that cannot be applied now serves nothing
    if (e instanceof HttpError) return false;
    throw e;
  }
  return rlsHash(mine) === (scope.rls ?? rlsHash([]));
}
