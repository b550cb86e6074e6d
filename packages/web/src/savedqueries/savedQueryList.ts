import type { ListFilter } from '../components/listState';

/** The saved query list's filters, as its toolbar holds them (null: not filtered on). */
export interface SavedQueryFilters {
  /** the search text, already trimmed and debounced */
  search: string;
  databaseId: number | null;
  tagId: number | null;
}

export const NO_SAVED_QUERY_FILTERS: SavedQueryFilters = { search: '', databaseId: null, tagId: null };

/**
 * The rison filters of `GET /api/v1/saved_query/`: the search is `all_text` (name, description
 * and SQL), the database a relation, a tag the peer's `saved_query_tag_id` on `tags`.
 */
export function savedQueryListFilters(f: SavedQueryFilters): ListFilter[] {
  const filters: ListFilter[] = [];
  if (f.search !== '') filters.push({ col: 'label', opr: 'all_text', value: f.search });
  if (f.databaseId !== null) filters.push({ col: 'database', opr: 'rel_o_m', value: f.databaseId });
  if (f.tagId !== null) filters.push({ col: 'tags', opr: 'saved_query_tag_id', value: f.tagId });
  return filters;
}
