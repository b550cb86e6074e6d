import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { shallowEqual } from 'react-redux';
import type { QueryEditor } from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { databaseApi, useGetSchemasQuery, useGetTablesQuery, type TableArgs } from '../../databases/databaseApi';
import type { SqlEditorSchema } from '../external';
import { selectEditorTables } from '../state/selectors';

const keyOf = (schema: string | null, name: string) => (schema ? `${schema}.${name}` : name);

/**
 * What the editor's completion knows: the database's schemas, the tables of the tab's schema and
 * the columns of tables in the left bar or asked for while typing (loaded lazily, cached by RTK Query).
 */
export function useEditorSchema(editor: QueryEditor | null): {
  schema: SqlEditorSchema;
  handleNeedColumns(tables: { schema: string | null; name: string }[]): void;
} {
  const dispatch = useAppDispatch();
  const dbId = editor?.dbId ?? null;
  const catalog = editor?.catalog ?? null;
  const editorSchema = editor?.schema ?? null;
  const { data: schemas } = useGetSchemasQuery({ databaseId: dbId ?? 0, catalog: catalog }, { skip: dbId === null });
  const { data: tables } = useGetTablesQuery(
    { databaseId: dbId ?? 0, catalog: catalog, schema: editorSchema ?? '' },
    { skip: dbId === null || !editorSchema },
  );
  const cards = useAppSelector(selectEditorTables);
  const [requested, setRequested] = useState<TableArgs[]>([]);
  const subscriptions = useRef<{ unsubscribe(): void }[]>([]);

  useEffect(() => () => subscriptions.current.forEach((s) => s.unsubscribe()), []);

  const handleNeedColumns = useCallback(
    (wanted: { schema: string | null; name: string }[]) => {
      if (dbId === null) return;
      const fresh = wanted
        .map((t) => ({ databaseId: dbId, catalog: catalog, schema: t.schema ?? editorSchema ?? '', table: t.name }))
        .filter((a) => !requested.some((r) => r.databaseId === a.databaseId && r.schema === a.schema && r.table === a.table));
      if (!fresh.length) return;
      for (const args of fresh) subscriptions.current.push(dispatch(databaseApi.endpoints.getTableMetadata.initiate(args)));
      setRequested((prev) => [...prev, ...fresh]);
    },
    [dbId, catalog, editorSchema, requested, dispatch],
  );

  const loaded = useAppSelector((s) => requested.map((args) => databaseApi.endpoints.getTableMetadata.select(args)(s).data), shallowEqual);

  const schema = useMemo<SqlEditorSchema>(() => {
    const columns: SqlEditorSchema['columns'] = {};
    requested.forEach((args, i) => {
      const meta = loaded[i];
      if (meta) columns[keyOf(args.schema || null, args.table)] = meta.columns.map((c) => ({ name: c.name, type: c.type }));
    });
    for (const t of cards)
      if (t.dbId === dbId && t.initialized) columns[keyOf(t.schema, t.name)] = t.columns.map((c) => ({ name: c.name, type: c.type }));
    return {
      defaultSchema: editorSchema,
      schemas: schemas ?? [],
      tables: (tables?.result ?? []).map((t) => ({ schema: editorSchema, name: t.value, type: t.type === 'table' ? 'table' : 'view' })),
      columns,
    };
  }, [requested, loaded, cards, dbId, editorSchema, schemas, tables]);

  return { schema, handleNeedColumns };
}
