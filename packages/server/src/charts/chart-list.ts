/**
 * GET /api/v1/chart/?q=…: the charts the user may see (admins, owners, readers of the chart's
 * dataset), filtered with the BI server's operators (CHART_LIST_FILTERS), ordered and paged.
 * Also the users offered by the list's owner and creator filters (`related/{column}`).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { CHART_ORDER_COLUMNS, type ChartListItem } from '@rama/shared';
import type { AppContext } from '../context.js';
import { textMatches } from '../metadata/textMatch.js';
import type { Principal } from '../security/principal.js';
import { invalidFields } from '../http/errors.js';
import { filterBool, filterId, filterText, unsupportedFilter } from '../http/list-filters.js';
import { listParams, type ListParams } from '../http/rison.js';
import { datasetScope, type DatasetScope } from '../access/datasets.js';
import { pickColumns } from '../datasets/present.js';
import { presentChartListItem } from './chart-present.js';
import { thumbnailUrl } from '../security/thumbnail-digest.js';
import { chartParts } from './chart-rows.js';
import { CHART_FAVSTAR_CLASS } from './chart-favorites.js';
import { taggedWith } from '../metadata/repos/tags.js';
import { ownedBy } from '../metadata/repos/owners.js';
import { chartOnDashboard, listChartRows, searchUsersByAnyName, type ChartListEb } from '../metadata/repos/charts.js';
import { databaseRefs } from '../metadata/repos/datasources.js';
import { chartStarred } from '../metadata/repos/favorites.js';

type Eb = ChartListEb;

const ORDER_REFS = {
  slice_name: 's.slice_name',
  viz_type: 's.viz_type',
  datasource_name_text: 't.table_name',
  changed_on: 's.changed_on',
  changed_on_delta_humanized: 's.changed_on',
  'changed_by.first_name': 'cb.first_name',
  last_saved_at: 's.last_saved_at',
  'last_saved_by.first_name': 'lsb.first_name',
  id: 's.id',
} as const satisfies Record<(typeof CHART_ORDER_COLUMNS)[number], string>;

function asIds(col: string, value: unknown): number[] {
  return (Array.isArray(value) ? value : [value]).map((v) => filterId(col, v));
}

const idIn = (eb: Eb, ids: number[]): Expression<SqlBool> => (ids.length ? eb('s.id', 'in', ids) : sql<SqlBool>`1 = 0`);

/** One list filter as a condition (`chart_all_text`: any case, over name, description and dataset). */
function condition(eb: Eb, user: Principal, col: string, opr: string, value: unknown): Expression<SqlBool> {
  switch (col) {
    case 'slice_name': {
      const text = filterText(col, opr, value);
      if (opr === 'chart_all_text')
        return eb.or([textMatches('s.slice_name', text), textMatches('s.description', text), textMatches('t.table_name', text)]);
      if (opr === 'eq') return eb('s.slice_name', '=', text);
      if (opr === 'ct' || opr === 'sw' || opr === 'ew') return textMatches('s.slice_name', text, opr);
      throw unsupportedFilter(col, opr);
    }
    case 'owners':
    case 'dashboards': {
      if (opr !== 'rel_m_m') throw unsupportedFilter(col, opr);
      const id = filterId(col, value);
      return col === 'owners' ? ownedBy('chart', 's.id', id) : chartOnDashboard(eb, id);
    }
    case 'created_by':
    case 'changed_by': {
      const ref = col === 'created_by' ? 's.created_by_fk' : 's.changed_by_fk';
      if (opr === 'chart_created_by_me' && col === 'created_by') return eb(ref, '=', user.id);
      if (opr === 'rel_o_m' || opr === 'eq') return eb(ref, '=', filterId(col, value));
      throw unsupportedFilter(col, opr);
    }
    case 'tags':
      // the peer's tag filters: `chart_tags` (name contains, any case) and `chart_tag_id`
      if (opr === 'chart_tags') return taggedWith('chart', 's.id', { name: filterText(col, opr, value) });
      if (opr === 'chart_tag_id') return taggedWith('chart', 's.id', { id: filterId(col, value) });
      throw unsupportedFilter(col, opr);
    case 'viz_type': {
      const text = filterText(col, opr, value);
      if (opr === 'eq') return eb('s.viz_type', '=', text);
      if (opr === 'neq') return eb('s.viz_type', '!=', text);
      throw unsupportedFilter(col, opr);
    }
    case 'datasource_id':
      if (opr === 'eq') return eb('s.datasource_id', '=', filterId(col, value));
      if (opr === 'in') {
        const ids = asIds(col, value);
        return ids.length ? eb('s.datasource_id', 'in', ids) : sql<SqlBool>`1 = 0`;
      }
      throw unsupportedFilter(col, opr);
    case 'id': {
      if (opr === 'chart_is_favorite') {
        return chartStarred(eb, CHART_FAVSTAR_CLASS, user.id, filterBool(col, opr, value));
      }
      if (opr === 'chart_is_certified') {
        const certified = eb.and([eb('s.certified_by', 'is not', null), eb('s.certified_by', '!=', '')]);
        return filterBool(col, opr, value) ? certified : eb.not(certified);
      }
      if (opr === 'eq') return eb('s.id', '=', filterId(col, value));
      if (opr === 'in') return idIn(eb, asIds(col, value));
      throw unsupportedFilter(col, opr);
    }
    default:
      throw unsupportedFilter(col, opr);
  }
}

/** Owners see their charts; everyone sees the charts of the datasets they may read. */
function visibility(eb: Eb, user: Principal, scope: DatasetScope): Expression<SqlBool> {
  const dataset: Expression<SqlBool>[] = [];
  if (scope.databaseIds.length) dataset.push(eb('t.database_id', 'in', scope.databaseIds));
  if (scope.datasetIds.length) dataset.push(eb('t.id', 'in', scope.datasetIds));
  for (const s of scope.schemas) dataset.push(eb.and([eb('t.database_id', '=', s.databaseId), eb('t.schema', '=', s.schema)]));
  return eb.or([ownedBy('chart', 's.id', user.id), ...dataset]);
}

/** The list's whole condition: what the user may see, and the filters. */
function listCondition(eb: Eb, user: Principal, scope: DatasetScope, filters: ListParams['filters']): Expression<SqlBool> {
  return eb.and([
    ...(user.isAdmin || scope.all ? [] : [visibility(eb, user, scope)]),
    ...filters.map((f) => condition(eb, user, f.col, f.opr, f.value)),
  ]);
}

export async function listCharts(
  ctx: AppContext,
  user: Principal,
  q: Record<string, unknown>,
): Promise<{ count: number; ids: number[]; result: ChartListItem[] | Record<string, unknown>[] }> {
  const db = ctx.store.db;
  const p = listParams(q, CHART_ORDER_COLUMNS);
  const columns = q.columns;
  if (columns !== undefined && (!Array.isArray(columns) || !columns.every((c) => typeof c === 'string')))
    throw invalidFields({ columns: ['Not a valid list.'] });
  const scope = datasetScope(user, await databaseRefs(db));
  // without an order the latest change comes first, as the chart list shows it
  const orderRef = ORDER_REFS[(p.orderColumn ?? 'changed_on') as keyof typeof ORDER_REFS];
  const direction = p.orderColumn === null && q.order_direction === undefined ? 'desc' : p.orderDirection;
  const { count, rows } = await listChartRows(
    db,
    (eb) => listCondition(eb, user, scope, p.filters),
    { ref: orderRef, direction },
    { limit: p.pageSize, offset: p.page * p.pageSize },
  );
  const result = (await chartParts(ctx, rows)).map((parts) =>
    presentChartListItem({ ...parts, thumbnailUrl: thumbnailUrl(ctx.config, user, 'chart', parts.row) }),
  );
  return {
    count: Number(count),
    ids: rows.map((r) => r.id),
    result: Array.isArray(columns) && columns.length ? result.map((item) => pickColumns(item, columns as string[])) : result,
  };
}

/** The user columns the chart list filters on; each offers every active user as a choice. */
export const RELATED_USER_COLUMNS = ['owners', 'created_by', 'changed_by', 'last_saved_by'] as const;

/**
 * GET /api/v1/chart/related/{column}?q=(filter:…,page:…,page_size:…): users whose name or
 * username contains `filter` (any case), as `{value: id, text: "First Last"}`.
 */
export async function relatedUsers(
  ctx: AppContext,
  q: Record<string, unknown>,
): Promise<{ count: number; result: { value: number; text: string; extra: { active: boolean } }[] }> {
  const filter = q.filter;
  if (filter !== undefined && typeof filter !== 'string') throw invalidFields({ filter: ['Not a valid string.'] });
  const p = listParams({ page: q.page, page_size: q.page_size }, [], 20);
  const { count, rows } = await searchUsersByAnyName(ctx.store.db, filter || undefined, {
    limit: p.pageSize,
    offset: p.page * p.pageSize,
  });
  return {
    count,
    result: rows.map((u) => ({ value: u.id, text: `${u.first_name} ${u.last_name}`.trim(), extra: { active: Boolean(u.active) } })),
  };
}
