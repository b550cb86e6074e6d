/**
 * Guest tokens of embedded dashboards (issue 25, part 3).
 *
 * guestPrincipal: the guest behind a request's guest-token header (GUEST_TOKEN_HEADER_NAME), or
 * null when it carries none; throws 401 while EMBEDDED_SUPERSET is off and for a token that is
 * expired, tampered, of another audience or type, or names no dashboard that is still embedded.
 *
 * A guest is a read-only principal (id 0, no ab_user row): it reads the dashboards its token
 * names, their charts, the datasets those charts and the dashboards' native filters use (as
 * `datasource_access`), and the data of those charts (see guest-chart-data.ts). The resolution of
 * a token is kept GUEST_RESOLUTION_TTL_MS, so a deleted embedding is refused within seconds (at
 * once on the server that deleted it).
 *
 * guestMayUse: the allow-list of routes a guest may call; anything else answers 401.
 */
import type { FastifyRequest } from 'fastify';
import { ASYNC_EVENT_POLLING_PATH, ASYNC_EVENT_WEBSOCKET_PATH } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { GuestGrant, Principal } from '../security/principal.js';
import { unauthorized } from '../http/errors.js';
import { sha256 } from '../security/crypto.js';
import { datasetPermView } from './datasets.js';
import { DATASET_DATASOURCE_TYPES } from '../metadata/repos/charts.js';
import { readGuestToken } from './guest-token.js';
import { chartsOfDashboards, dashboardMetadataTexts } from '../metadata/repos/dashboards.js';
import { datasetsWithDatabaseNames } from '../metadata/repos/datasources.js';
import { embeddingsByUuids } from '../metadata/repos/embedded.js';
import { collectRefs, filterRefsByDataset, parseStored } from './guest-payload.js';

/** How long a token's resolution (its dashboards, charts, datasets) is reused. */
export const GUEST_RESOLUTION_TTL_MS = 5_000;
const MAX_RESOLUTIONS = 1_000;

/** The read-only permissions every guest holds. */
export const GUEST_PERMISSIONS: readonly [string, string][] = [
  ['can_read', 'Dashboard'],
  ['can_read', 'Chart'],
  ['can_read', 'Dataset'],
  ['can_explore_json', 'Rama'],
  ['can_log', 'Rama'],
  ['can_write', 'DashboardPermalink'],
];

/** A chart of a granted dashboard, as the data checks need it. */
export interface GuestChart {
  datasetId: number;
  /** the metrics and columns its params and saved query context use (payload.ts) */
  refs: Set<string>;
}

/** What a guest may reach, resolved from its token; kept beside the grant (not on the principal's public shape). */
export interface GuestScope {
  /** chart id → chart, for every chart on a granted dashboard */
  charts: Map<number, GuestChart>;
  /** dashboard id → the ids of its charts */
  dashboardCharts: Map<number, Set<number>>;
  /** dataset id → what the granted dashboards' native filters may ask of it */
  filterRefs: Map<number, Set<string>>;
  /** every dataset a granted dashboard uses (charts and native filters) */
  datasetIds: Set<number>;
}

const scopes = new WeakMap<GuestGrant, GuestScope>();

/** The scope of a guest principal (null for anyone else). */
export function guestScope(user: Principal): GuestScope | null {
  return user.kind === 'guest' && user.guest ? (scopes.get(user.guest) ?? null) : null;
}

interface Resolution {
  at: number;
  expiresAt: number;
  principal: Principal | null;
}
const resolutions = new Map<string, Resolution>();

/** Drop every cached resolution (an embedding was changed or deleted on this server). */
export function forgetGuestResolutions(): void {
  resolutions.clear();
}

function headerValue(req: FastifyRequest, name: string): string | null {
  const raw = req.headers[name.toLowerCase()];
  const v = Array.isArray(raw) ? raw[0] : raw;
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

export async function guestPrincipal(ctx: AppContext, req: FastifyRequest): Promise<Principal | null> {
  const token = headerValue(req, ctx.config.sharing.guestTokenHeader);
  if (token === null) return null;
  if (!ctx.config.featureFlags.EMBEDDED_SUPERSET) throw unauthorized('Guest tokens are not enabled on this server.');
  const now = Date.now();
  const hit = resolutions.get(token);
  if (hit && now - hit.at < GUEST_RESOLUTION_TTL_MS && now < hit.expiresAt) {
    if (!hit.principal) throw unauthorized('The guest token is not valid.');
    return hit.principal;
  }
  const claims = await readGuestToken(ctx.config.sharing, token);
  if (!claims) throw unauthorized('The guest token is not valid.');
  const principal = await resolveGuest(ctx, claims);
  if (resolutions.size >= MAX_RESOLUTIONS) resolutions.delete(resolutions.keys().next().value as string);
  resolutions.set(token, { at: now, expiresAt: claims.exp * 1000, principal });
  if (!principal) throw unauthorized('The guest token names no embedded dashboard.');
  return principal;
}

async function resolveGuest(ctx: AppContext, claims: NonNullable<Awaited<ReturnType<typeof readGuestToken>>>): Promise<Principal | null> {
  const db = ctx.store.db;
  const uuids = [...new Set(claims.resources.map((r) => r.id.toLowerCase()))].filter((u) => /^[0-9a-f-]{36}$/.test(u));
  if (!uuids.length) return null;
  const embedded = await embeddingsByUuids(db, uuids);
  if (!embedded.length) return null;
  const dashboardIds = [...new Set(embedded.map((e) => e.dashboard_id))].sort((a, b) => a - b);
  const [slices, dashboards] = await Promise.all([chartsOfDashboards(db, dashboardIds), dashboardMetadataTexts(db, dashboardIds)]);
  const scope: GuestScope = { charts: new Map(), dashboardCharts: new Map(), filterRefs: new Map(), datasetIds: new Set() };
  for (const s of slices) {
    let onDashboard = scope.dashboardCharts.get(s.dashboard_id);
    if (!onDashboard) scope.dashboardCharts.set(s.dashboard_id, (onDashboard = new Set()));
    onDashboard.add(s.id);
    if (!DATASET_DATASOURCE_TYPES.includes(s.datasource_type) || scope.charts.has(s.id)) continue;
    const refs = collectRefs(parseStored(s.params));
    collectRefs(parseStored(s.query_context), refs);
    scope.charts.set(s.id, { datasetId: s.datasource_id, refs });
    scope.datasetIds.add(s.datasource_id);
  }
  for (const d of dashboards) {
    for (const [datasetId, refs] of filterRefsByDataset(parseStored(d.json_metadata))) {
      const all = scope.filterRefs.get(datasetId);
      if (all) for (const r of refs) all.add(r);
      else scope.filterRefs.set(datasetId, refs);
      scope.datasetIds.add(datasetId);
    }
  }
  const datasets = await datasetsWithDatabaseNames(db, [...scope.datasetIds]);
  // a filter may name a dataset that is gone: only existing ones count
  scope.datasetIds = new Set(datasets.map((d) => d.id));
  const views = datasets.map((d) => datasetPermView(d.database_name, d.table_name, d.id));
  const pairs: [string, string][] = [...GUEST_PERMISSIONS, ...views.map((v): [string, string] => ['datasource_access', v])];
  const perms = new Set(pairs.map(([p, v]) => `${p}\u0000${v}`));
  const username = claims.user.username?.trim() || 'guest';
  const grant: GuestGrant = {
    // stable across the token refreshes of one host user (same name, dashboards and clauses), so a
    // guest keeps its filter state keys when the SDK swaps tokens
    subject: sha256(
      JSON.stringify(['guest', username, embedded.map((e) => e.uuid).sort(), claims.rls_rules.map((r) => [r.clause, r.dataset ?? null])]),
    ).slice(0, 32),
    embeddedUuids: embedded.map((e) => e.uuid),
    dashboardIds,
    rls: claims.rls_rules.map((r) => ({ clause: r.clause, dataset: r.dataset ?? null })),
  };
  scopes.set(grant, scope);
  return {
    id: 0,
    username,
    first_name: claims.user.first_name ?? '',
    last_name: claims.user.last_name ?? '',
    email: '',
    active: true,
    created_on: new Date(claims.iat * 1000).toISOString(),
    last_login: null,
    isAdmin: false,
    tokenVersion: 0,
    roles: { [ctx.config.sharing.guestRoleName]: pairs },
    can: (permission, view) => perms.has(`${permission}\u0000${view}`),
    viewsWith: (permission) => (permission === 'datasource_access' ? [...views] : []),
    kind: 'guest',
    guest: grant,
  };
}

/** Routes (method + route pattern, as fastify registered them) a guest may call. */
const GUEST_ROUTES = new Set([
  'GET /api/v1/common/bootstrap/',
  'GET /api/v1/me/',
  'GET /api/v1/security/csrf_token/',
  'GET /api/v1/dashboard/:id',
  'GET /api/v1/dashboard/:id/charts',
  'GET /api/v1/dashboard/:id/datasets',
  'GET /api/v1/dashboard/:id/workbook/',
  'GET /api/v1/embedded_dashboard/:uuid',
  'POST /api/v1/chart/data',
  'GET /api/v1/chart/data/:cache_key',
  'POST /api/v1/dashboard/:id/filter_state',
  'GET /api/v1/dashboard/:id/filter_state/:key',
  'PUT /api/v1/dashboard/:id/filter_state/:key',
  'DELETE /api/v1/dashboard/:id/filter_state/:key',
  'POST /api/v1/dashboard/:id/permalink',
  'GET /api/v1/dashboard/permalink/:key',
  `GET ${ASYNC_EVENT_POLLING_PATH}`,
  `GET ${ASYNC_EVENT_WEBSOCKET_PATH}`,
  'POST /rama/log/',
  'GET /api/v1/time_range/',
  'GET /embedded/:uuid',
]);

export function guestMayUse(req: FastifyRequest): boolean {
  const url = req.routeOptions.url;
  if (!url) return false;
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  return GUEST_ROUTES.has(`${method} ${url}`);
}
