import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DatasetListItem, DistinctValues } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import { textMatches } from '../metadata/textMatch.js';
import type { Principal } from '../security/principal.js';
import { invalidFields } from '../http/errors.js';
import { filterId, filterText, unsupportedFilter } from '../http/list-filters.js';
import { listParams, type ListParams } from '../http/rison.js';
import { datasetScope, type DatasetScope } from '../access/datasets.js';
import { pickColumns, presentListItem } from './present.js';
import type { DatasetService } from './service.js';
import { customTagsOf, taggedWith } from '../metadata/repos/tags.js';
import { ownedBy, ownersByObject } from '../metadata/repos/owners.js';
import { databaseNames } from '../metadata/repos/databases.js';
import { datasetListPage, distinctDatasetValues, type DatasetListEb } from '../metadata/repos/datasets.js';

type Eb = DatasetListEb;

export const DATASET_ORDER_COLUMNS = [
  'table_name',
  'catalog',
  'schema',
  'changed_on',
  'changed_on_delta_humanized',
  'database.database_name',
  'changed_by.first_name',
  'id',
] as const;

const ORDER_REFS = {
  table_name: 't.table_name',
  catalog: 't.catalog',
  schema: 't.schema',
  changed_on: 't.changed_on',
  changed_on_delta_humanized: 't.changed_on',
  'database.database_name': 'd.database_name',
  'changed_by.first_name': 'cb.first_name',
  id: 't.id',
} as const;

/** Case-insensitive LIKE with the user's `%` and `_` taken literally. */
function textMatch(eb: Eb, ref: 't.table_name' | 't.schema' | 't.catalog', opr: string, value: string): Expression<SqlBool> {
  if (opr === 'eq') return eb(ref, '=', value);
  if (opr === 'neq') return eb(ref, '!=', value);
  if (opr !== 'ct' && opr !== 'sw' && opr !== 'ew') throw unsupportedFilter(ref.slice(2), opr);
  return textMatches(ref, value, opr);
}

/** One list filter (`(col:…,opr:…,value:…)`) as a condition, with the BI server's operator names. */
function condition(eb: Eb, col: string, opr: string, value: unknown): Expression<SqlBool> {
  switch (col) {
    case 'table_name':
    case 'schema':
    case 'catalog':
      return textMatch(eb, `t.${col}`, opr, filterText(col, opr, value));
    case 'database':
      if (opr !== 'eq' && opr !== 'rel_o_m') throw unsupportedFilter(col, opr);
      return eb('t.database_id', '=', filterId(col, value));
    case 'created_by':
    case 'changed_by':
      if (opr !== 'eq' && opr !== 'rel_o_m') throw unsupportedFilter(col, opr);
      return eb(col === 'created_by' ? 't.created_by_fk' : 't.changed_by_fk', '=', filterId(col, value));
    case 'owners': {
      if (opr !== 'rel_m_m') throw unsupportedFilter(col, opr);
      const owner = filterId(col, value);
      return ownedBy('dataset', 't.id', owner);
    }
    case 'sql': {
      // value true: physical (no SQL); false: virtual
      if (opr !== 'dataset_is_null_or_empty' || typeof value !== 'boolean') throw unsupportedFilter(col, opr);
      return value ? eb.or([eb('t.sql', 'is', null), eb('t.sql', '=', '')]) : eb.and([eb('t.sql', 'is not', null), eb('t.sql', '!=', '')]);
    }
    case 'id':
      if (opr === 'dataset_is_certified') {
        // certification lives in `extra` JSON (`{"certification": {...}}`), as the BI server keeps it
        if (typeof value !== 'boolean') throw unsupportedFilter(col, opr);
        const certified = eb('t.extra', 'like', '%"certification"%');
        return value ? certified : eb.or([eb('t.extra', 'is', null), eb.not(certified)]);
      }
      if (opr === 'eq') return eb('t.id', '=', filterId(col, value));
      if (opr === 'in' && Array.isArray(value)) {
        const ids = value.map((v) => filterId(col, v));
        return ids.length ? eb('t.id', 'in', ids) : sql<SqlBool>`1 = 0`;
      }
      throw unsupportedFilter(col, opr);
    case 'tags':
      // as the chart list's: `dataset_tags` (name contains, any case) and `dataset_tag_id`
      if (opr === 'dataset_tags') return taggedWith('dataset', 't.id', { name: filterText(col, opr, value) });
      if (opr === 'dataset_tag_id') return taggedWith('dataset', 't.id', { id: filterId(col, value) });
      throw unsupportedFilter(col, opr);
    case 'uuid':
      if (opr !== 'eq') throw unsupportedFilter(col, opr);
      return eb('t.uuid', '=', filterText(col, opr, value).toLowerCase());
    default:
      throw unsupportedFilter(col, opr);
  }
}

function visibility(eb: Eb, scope: DatasetScope): Expression<SqlBool> {
  const any: Expression<SqlBool>[] = [];
  if (scope.databaseIds.length) any.push(eb('t.database_id', 'in', scope.databaseIds));
  if (scope.datasetIds.length) any.push(eb('t.id', 'in', scope.datasetIds));
  for (const s of scope.schemas) any.push(eb.and([eb('t.database_id', '=', s.databaseId), eb('t.schema', '=', s.schema)]));
  return any.length ? eb.or(any) : sql<SqlBool>`1 = 0`;
}

/** The datasets in the user's scope that pass every list filter, as a condition. */
const listWhere =
  (scope: DatasetScope, filters: ListParams['filters']) =>
  (eb: Eb): Expression<SqlBool> =>
    eb.and([...(scope.all ? [] : [visibility(eb, scope)]), ...filters.map((f) => condition(eb, f.col, f.opr, f.value))]);

/** The columns whose values the dataset list offers as filter choices (the BI server's allowed_distinct_fields). */
export const DISTINCT_COLUMNS = ['catalog', 'schema'] as const;
export type DistinctColumn = (typeof DISTINCT_COLUMNS)[number];

/**
 * GET /api/v1/dataset/distinct/{column}?q=(filter:…,page:…,page_size:…): the distinct non-empty
 * values over the datasets the user can see, those starting with `filter` (any case), sorted.
 */
export async function distinctValues(
  db: Kysely<MetadataSchema>,
  user: Principal,
  column: DistinctColumn,
  q: Record<string, unknown>,
): Promise<DistinctValues> {
  const filter = q.filter;
  if (filter !== undefined && typeof filter !== 'string') throw invalidFields({ filter: ['Not a valid string.'] });
  const p = listParams({ page: q.page, page_size: q.page_size }, [], 20);
  const scope = datasetScope(user, await databaseNames(db));
  const { count, values } = await distinctDatasetValues(
    db,
    listWhere(scope, filter ? [{ col: column, opr: 'sw', value: filter }] : []),
    column,
    p,
  );
  return { count, result: values.map((v) => ({ text: v, value: v })) };
}

/** GET /api/v1/dataset/?q=…: filtered, visible to the user, ordered and paged; `columns` narrows each row. */
export async function listDatasets(
  service: DatasetService,
  db: Kysely<MetadataSchema>,
  user: Principal,
  q: Record<string, unknown>,
): Promise<{ count: number; ids: number[]; result: DatasetListItem[] | Record<string, unknown>[] }> {
  const p = listParams(q, DATASET_ORDER_COLUMNS);
  const columns = q.columns;
  if (columns !== undefined && (!Array.isArray(columns) || !columns.every((c) => typeof c === 'string')))
    throw invalidFields({ columns: ['Not a valid list.'] });
  const scope = datasetScope(user, await databaseNames(db));
  // without an order the newest change comes first, as the dataset list shows it
  const orderRef = ORDER_REFS[(p.orderColumn ?? 'changed_on') as keyof typeof ORDER_REFS];
  const direction = p.orderColumn === null && q.order_direction === undefined ? 'desc' : p.orderDirection;
  const { count, rows } = await datasetListPage(db, listWhere(scope, p.filters), { ref: orderRef, direction }, p);

  const owners = await ownersByObject(
    db,
    'dataset',
    rows.map((r) => r.id),
  );
  const users = await service.users([
    ...rows.flatMap((r) => owners.get(r.id) ?? []),
    ...rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
  ]);
  const tags = await customTagsOf(
    db,
    'dataset',
    rows.map((r) => r.id),
  );
  const result = rows.map(({ database_name, ...row }) =>
    presentListItem(row, database_name, owners.get(row.id) ?? [], users, tags.get(row.id) ?? []),
  );
  return {
    count,
    ids: rows.map((r) => r.id),
    result: Array.isArray(columns) && columns.length ? result.map((item) => pickColumns(item, columns as string[])) : result,
  };
}
