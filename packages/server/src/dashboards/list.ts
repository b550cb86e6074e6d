import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { DASHBOARD_ORDER_COLUMNS, type DashboardListItem } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import { textMatches } from '../metadata/textMatch.js';
import { invalidFields } from '../http/errors.js';
import { filterBool, filterId, filterText, unsupportedFilter } from '../http/list-filters.js';
import { listParams } from '../http/rison.js';
import { datasetScope } from '../access/datasets.js';
import { dashboardVisibility, type DashboardEb } from '../access/dashboards.js';
import { presentListItem } from './present.js';
import { thumbnailUrl } from '../security/thumbnail-digest.js';
import { customTagsOf, taggedWith } from '../metadata/repos/tags.js';
import { DASHBOARD_FAVORITE_CLASS, type DashboardService } from './service.js';
import { ownedBy, ownersByObject } from '../metadata/repos/owners.js';
import { listDashboardRows, searchRoles } from '../metadata/repos/dashboards.js';
import { databaseRefs } from '../metadata/repos/datasources.js';
import { dashboardStarred } from '../metadata/repos/favorites.js';

const ORDER_REFS = {
  dashboard_title: 'd.dashboard_title',
  slug: 'd.slug',
  published: 'd.published',
  changed_on: 'd.changed_on',
  changed_on_delta_humanized: 'd.changed_on',
  'changed_by.first_name': 'cb.first_name',
  'created_by.first_name': 'crb.first_name',
  id: 'd.id',
} as const;

function textCondition(eb: DashboardEb, ref: 'd.dashboard_title' | 'd.slug', opr: string, value: string): Expression<SqlBool> {
  if (opr === 'eq') return eb(ref, '=', value);
  if (opr === 'ct' || opr === 'sw' || opr === 'ew') return textMatches(ref, value, opr);
  throw unsupportedFilter(ref.slice(2), opr);
}

/** One list filter with the BI server's column and operator names. */
function condition(eb: DashboardEb, user: Principal, col: string, opr: string, value: unknown): Expression<SqlBool> {
  switch (col) {
    case 'dashboard_title':
      // title_or_slug: the list page's search box looks in both
      if (opr === 'title_or_slug') {
        const text = filterText(col, opr, value);
        return eb.or([textMatches('d.dashboard_title', text), textMatches('d.slug', text)]);
      }
      return textCondition(eb, 'd.dashboard_title', opr, filterText(col, opr, value));
    case 'slug':
      return textCondition(eb, 'd.slug', opr, filterText(col, opr, value));
    case 'tags':
      // the peer's tag filters: `dashboard_tags` (name contains, any case) and `dashboard_tag_id`
      if (opr === 'dashboard_tags') return taggedWith('dashboard', 'd.id', { name: filterText(col, opr, value) });
      if (opr === 'dashboard_tag_id') return taggedWith('dashboard', 'd.id', { id: filterId(col, value) });
      throw unsupportedFilter(col, opr);
    case 'published':
      if (opr !== 'eq') throw unsupportedFilter(col, opr);
      return eb('d.published', '=', filterBool(col, opr, value) ? 1 : 0);
    case 'owners': {
      if (opr !== 'rel_m_m') throw unsupportedFilter(col, opr);
      const owner = filterId(col, value);
      return ownedBy('dashboard', 'd.id', owner);
    }
    case 'created_by':
    case 'changed_by':
      // the welcome page's "Mine": created or last changed by the user (the BI server's created_by_me)
      if (col === 'created_by' && opr === 'created_by_me') {
        const mine = eb.or([eb('d.created_by_fk', '=', user.id), eb('d.changed_by_fk', '=', user.id)]);
        return value === false || value === 'false' ? eb.not(mine) : mine;
      }
      if (opr !== 'rel_o_m' && opr !== 'eq') throw unsupportedFilter(col, opr);
      return eb(col === 'created_by' ? 'd.created_by_fk' : 'd.changed_by_fk', '=', filterId(col, value));
    case 'id': {
      if (opr === 'dashboard_is_favorite') {
        const fav = dashboardStarred(eb, DASHBOARD_FAVORITE_CLASS, user.id);
        return filterBool(col, opr, value) ? fav : eb.not(fav);
      }
      if (opr === 'dashboard_is_certified') {
        const certified = eb.and([eb('d.certified_by', 'is not', null), eb('d.certified_by', '!=', '')]);
        return filterBool(col, opr, value) ? certified : eb.not(certified);
      }
      if (opr === 'eq') return eb('d.id', '=', filterId(col, value));
      if (opr === 'in' && Array.isArray(value)) {
        const ids = value.map((v) => filterId(col, v));
        return ids.length ? eb('d.id', 'in', ids) : sql<SqlBool>`1 = 0`;
      }
      throw unsupportedFilter(col, opr);
    }
    default:
      throw unsupportedFilter(col, opr);
  }
}

/** GET /api/v1/dashboard/?q=…: visible to the user, filtered, ordered (newest change first by default) and paged. */
export async function listDashboards(
  service: DashboardService,
  db: Kysely<MetadataSchema>,
  user: Principal,
  q: Record<string, unknown>,
): Promise<{ count: number; ids: number[]; result: DashboardListItem[] }> {
  const p = listParams(q, DASHBOARD_ORDER_COLUMNS);
  const scope = datasetScope(user, await databaseRefs(db));
  const orderRef = ORDER_REFS[(p.orderColumn ?? 'changed_on') as keyof typeof ORDER_REFS];
  const direction = p.orderColumn === null && q.order_direction === undefined ? 'desc' : p.orderDirection;
  const { count, rows } = await listDashboardRows(
    db,
    (eb) => {
      const visible = dashboardVisibility(eb, user, scope, { rbac: service.rbac });
      return eb.and([...(visible ? [visible] : []), ...p.filters.map((f) => condition(eb, user, f.col, f.opr, f.value))]);
    },
    { ref: orderRef, direction },
    { limit: p.pageSize, offset: p.page * p.pageSize },
  );
  const owners = await ownersByObject(
    db,
    'dashboard',
    rows.map((r) => r.id),
  );
  const tags = await customTagsOf(
    db,
    'dashboard',
    rows.map((r) => r.id),
  );
  const users = await service.users([
    ...rows.flatMap((r) => owners.get(r.id) ?? []),
    ...rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
  ]);
  const now = Date.now();
  return {
    count: Number(count),
    ids: rows.map((r) => r.id),
    result: rows.map((r) =>
      presentListItem(r, owners.get(r.id) ?? [], users, now, tags.get(r.id) ?? [], thumbnailUrl(service.ctx.config, user, 'dashboard', r)),
    ),
  };
}

/**
 * GET /api/v1/dashboard/related/roles?q=(filter:…,page:…,page_size:…): roles whose name contains
 * `filter` (any case), as `{value: id, text: name}` — the choices of the properties dialog.
 */
export async function relatedRoles(
  ctx: { store: { db: Kysely<MetadataSchema> } },
  q: Record<string, unknown>,
): Promise<{ count: number; result: { value: number; text: string }[] }> {
  const filter = q.filter;
  if (filter !== undefined && typeof filter !== 'string') throw invalidFields({ filter: ['Not a valid string.'] });
  const p = listParams({ page: q.page, page_size: q.page_size }, [], 20);
  const { count, rows } = await searchRoles(ctx.store.db, filter || undefined, { limit: p.pageSize, offset: p.page * p.pageSize });
  return { count, result: rows.map((r) => ({ value: r.id, text: r.name })) };
}
