/**
 * Public dashboards (issue 25, part 4). OWNER: public helper.
 *
 * With PUBLIC_ROLE_LIKE set (e.g. `Gamma`), a request that carries no session, bearer or guest
 * token is an anonymous visitor: the Public role, holding its own permissions plus those of the
 * PUBLIC_ROLE_LIKE role (as the BI server copies them), on an allow-list of read routes — what a
 * dashboard page needs to draw. Everything else still answers 401 (log in). Off by default.
 *
 * Two allow-lists bound what an anonymous visitor can do, whatever the roles grant:
 * - routes (`anonymousMayUse`): the dashboard, its charts and datasets, chart data, filter values,
 *   time ranges, permalinks and filter state to read, async chart results;
 * - permissions (`anonymousPrincipal`): reading charts and dashboards, CSV of what they show, and
 *   the data access grants. Writing, sharing, Explore, reports and menus are never held, so the
 *   web app hides those actions and a role that grants them (Gamma does) changes nothing.
 * The visitor is never an admin, and `id` 0 owns nothing.
 */
import type { FastifyRequest } from 'fastify';
import { ASYNC_EVENT_POLLING_PATH, ASYNC_EVENT_WEBSOCKET_PATH, isAdminRoleName } from '@rama/shared';
import type { AuthContext } from './auth-context.js';
import { forbidden } from './errors.js';
import type { Principal } from '../security/principal.js';
import { permissionPairsOfRoles } from '../metadata/repos/roles.js';

/** The role anonymous visitors are (the BI server's AUTH_ROLE_PUBLIC). */
export const PUBLIC_ROLE_NAME = 'Public';
export const ANONYMOUS_USERNAME = 'anonymous';

/** Permissions an anonymous visitor may hold on any view: the data access grants. */
const DATA_ACCESS_PERMISSIONS = new Set([
  'datasource_access',
  'schema_access',
  'database_access',
  'all_datasource_access',
  'all_database_access',
]);
/** Other (permission, view) pairs an anonymous visitor may hold. */
const ANONYMOUS_PAIRS = new Set(['can_read\u0000Chart', 'can_read\u0000Dashboard', 'can_csv\u0000Rama']);

export function anonymousMayHold(permission: string, view: string): boolean {
  return DATA_ACCESS_PERMISSIONS.has(permission) || ANONYMOUS_PAIRS.has(`${permission}\u0000${view}`);
}

/** Read routes an anonymous visitor may call: `METHOD route-pattern`. */
const ANONYMOUS_ROUTES = new Set([
  'GET /api/v1/common/bootstrap/',
  // the dashboard page (id, slug or uuid) and its permalinks
  'GET /api/v1/dashboard/:id',
  'GET /api/v1/dashboard/:id/charts',
  'GET /api/v1/dashboard/:id/datasets',
  // the dashboard as one workbook, with can_csv as the charts' own downloads
  'GET /api/v1/dashboard/:id/workbook/',
  'GET /api/v1/dashboard/permalink/:key',
  // the header's star: everyone anonymous has no favorites (answers false)
  'GET /api/v1/dashboard/favorite_status/',
  // a link with a native_filters_key shows the same filters
  'GET /api/v1/dashboard/:id/filter_state/:key',
  // chart data (native filter values too), sync and async, and a chart's own definition
  'POST /api/v1/chart/data',
  'GET /api/v1/chart/data/:cache_key',
  'GET /api/v1/chart/:id',
  'GET /api/v1/chart/:id/data/',
  `GET ${ASYNC_EVENT_POLLING_PATH}`,
  `GET ${ASYNC_EVENT_WEBSOCKET_PATH}`,
  // the time range filter shows the bounds it applies
  'GET /api/v1/time_range/',
]);

/**
 * Writes the dashboard page makes by itself (saving the filters a visitor picks under a key):
 * refused with 403, not 401, so the page keeps working instead of sending the visitor to log in.
 * An anonymous visitor writes nothing to the metadata database.
 */
const REFUSED_WRITES = new Set([
  'POST /api/v1/dashboard/:id/filter_state',
  'PUT /api/v1/dashboard/:id/filter_state/:key',
  'DELETE /api/v1/dashboard/:id/filter_state/:key',
]);
export const ANONYMOUS_FILTER_STATE_MESSAGE = 'Log in to keep filter values under a link: anonymous visitors cannot save filter state.';

/** Is the Public role open to anonymous visitors (PUBLIC_ROLE_LIKE set, and not an admin role)? */
export function publicEnabled(ctx: AuthContext): boolean {
  const like = ctx.config.sharing.publicRoleLike;
  return like !== null && !isAdminRoleName(like);
}

/**
 * May a request without a login be served as the Public role? Only with PUBLIC_ROLE_LIKE set and
 * on the allow-list of read routes; throws 403 for the dashboard page's own filter-state writes.
 */
export function anonymousMayUse(ctx: AuthContext, req: FastifyRequest): boolean {
  if (!publicEnabled(ctx)) return false;
  const route = req.routeOptions.url;
  if (!route) return false;
  const key = `${req.method} ${route}`;
  if (REFUSED_WRITES.has(key)) throw forbidden(ANONYMOUS_FILTER_STATE_MESSAGE);
  return ANONYMOUS_ROUTES.has(key);
}

/** A loaded principal is reused this long: a grant or revocation applies within it, on every server. */
const CACHE_MS = 2_000;
const cache = new WeakMap<AuthContext, { like: string; at: number; pairs: Promise<[string, string][]> }>();

/** The Public role's own pairs and those of `like`, kept to what an anonymous visitor may hold. */
async function loadPublicPairs(ctx: AuthContext, like: string): Promise<[string, string][]> {
  const rows = await permissionPairsOfRoles(ctx.store.db, [PUBLIC_ROLE_NAME, like]);
  const seen = new Set<string>();
  const pairs: [string, string][] = [];
  for (const { permission, view } of rows) {
    const k = `${permission}\u0000${view}`;
    if (seen.has(k) || !anonymousMayHold(permission, view)) continue;
    seen.add(k);
    pairs.push([permission, view]);
  }
  return pairs.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
}

function publicPairs(ctx: AuthContext, like: string): Promise<[string, string][]> {
  const now = Date.now();
  const hit = cache.get(ctx);
  if (hit && hit.like === like && now - hit.at < CACHE_MS) return hit.pairs;
  const pairs = loadPublicPairs(ctx, like);
  cache.set(ctx, { like, at: now, pairs });
  // a failed load is not kept
  pairs.catch(() => cache.delete(ctx));
  return pairs;
}

/** Forget the cached Public role (tests, and a role change on this server). */
export function forgetPublicRole(ctx: AuthContext): void {
  cache.delete(ctx);
}

/** The anonymous visitor as the Public role; null when public dashboards are off. */
export async function anonymousPrincipal(ctx: AuthContext): Promise<Principal | null> {
  const like = ctx.config.sharing.publicRoleLike;
  if (like === null || isAdminRoleName(like)) return null;
  const pairs = await publicPairs(ctx, like);
  const perms = new Set(pairs.map(([p, v]) => `${p}\u0000${v}`));
  return {
    id: 0,
    username: ANONYMOUS_USERNAME,
    first_name: '',
    last_name: '',
    email: '',
    active: false,
    created_on: '',
    last_login: null,
    isAdmin: false,
    tokenVersion: 0,
    roles: { [PUBLIC_ROLE_NAME]: pairs },
    can: (permission, view) => perms.has(`${permission}\u0000${view}`),
    viewsWith: (permission) => pairs.filter(([p]) => p === permission).map(([, v]) => v),
    kind: 'anonymous',
  };
}
