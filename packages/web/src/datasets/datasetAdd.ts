import type { ListQuery } from '@rama/shared';

/** The table picked on the "New dataset" page, step by step. */
export interface TablePick {
  databaseId: number | null;
  schema: string | null;
  table: string | null;
}

export const NO_TABLE_PICKED: TablePick = { databaseId: null, schema: null, table: null };

// the schemas belong to the database and the tables to the schema: picking one clears what follows
export const pickDatabase = (databaseId: number): TablePick => ({ databaseId, schema: null, table: null });
export const pickSchema = (pick: TablePick, schema: string): TablePick => ({ ...pick, schema, table: null });
export const pickTable = (pick: TablePick, table: string): TablePick => ({ ...pick, table });

/** `GET /api/v1/dataset/` for a dataset already made on the picked table (one per table); null until one is picked. */
export function existingDatasetQuery(pick: TablePick): ListQuery | null {
  if (pick.databaseId === null || pick.table === null) return null;
  return {
    filters: [
      { col: 'database', opr: 'rel_o_m', value: pick.databaseId },
      ...(pick.schema !== null ? [{ col: 'schema', opr: 'eq', value: pick.schema }] : []),
      { col: 'table_name', opr: 'eq', value: pick.table },
    ],
    page: 0,
    page_size: 1,
  };
}
