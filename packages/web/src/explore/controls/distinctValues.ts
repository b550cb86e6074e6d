import { GenericDataType, type ExploreDatasource, type QueryContext } from '@rama/shared';

/** How many values the IN / NOT IN list offers at once; typing narrows them. */
export const DISTINCT_VALUES_LIMIT = 100;

/**
 * The query that lists a column's values: grouped by the column with no metric (distinct values),
 * narrowed by what the user types (a case-insensitive match on text columns), sorted by value.
 */
export function distinctValuesQuery(datasource: Pick<ExploreDatasource, 'id' | 'columns'>, column: string, search: string): QueryContext {
  const col = datasource.columns.find((c) => c.column_name === column);
  const text = col?.type_generic === GenericDataType.STRING;
  const term = search.trim().replace(/[%_]/g, '');
  return {
    datasource: { id: datasource.id, type: 'table' },
    force: false,
    result_type: 'full',
    queries: [
      {
        columns: [column],
        metrics: [],
        filters: text && term ? [{ col: column, op: 'ILIKE', val: `%${term}%` }] : [],
        orderby: [[column, true]],
        row_limit: DISTINCT_VALUES_LIMIT,
        time_range: 'No filter',
      },
    ],
  };
}
