/** What the editor knows about the selected database, for completion. */
export interface SqlEditorSchema {
  defaultSchema: string | null;
  schemas: string[];
  tables: { schema: string | null; name: string; type: 'table' | 'view' }[];
  /** key: "schema.table", or "table" for tables without a schema */
  columns: Record<string, { name: string; type: string }[]>;
}
