import { useEffect } from 'react';
import { Button, Select, Tooltip, Typography } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { useGetCatalogsQuery, useGetSchemasQuery, useGetTablesQuery } from '../../databases/databaseApi';
import { queryEditorChanged } from '../state/actions';
import { selectDatabaseList, selectEditorTables } from '../state/selectors';
import { addTable, refreshDatabaseMetadata } from '../state/tableThunks';
import { selectEditorById } from '../state/thunk';
import { TableSchemaCard } from './TableSchemaCard';

/** The left bar: database, catalog and schema pickers, table search, and the tab's table schemas. */
export function LeftBar({ editorId }: { editorId: string }) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const editor = useAppSelector((s) => selectEditorById(s, editorId));
  const databases = useAppSelector(selectDatabaseList);
  const tables = useAppSelector(selectEditorTables);
  const dbId = editor?.dbId ?? null;
  const catalog = editor?.catalog ?? null;
  const schema = editor?.schema ?? null;
  const { data: catalogs } = useGetCatalogsQuery(dbId ?? 0, { skip: dbId === null });
  const schemasQuery = useGetSchemasQuery({ databaseId: dbId ?? 0, catalog }, { skip: dbId === null });
  const tablesQuery = useGetTablesQuery({ databaseId: dbId ?? 0, catalog, schema: schema ?? '' }, { skip: dbId === null || !schema });
  const schemas = schemasQuery.data;

  const change = (changes: Parameters<typeof queryEditorChanged>[0]['changes']) =>
    dispatch(queryEditorChanged({ id: editorId, changes, now: Date.now() }));

  // a database with a single schema needs no choice
  useEffect(() => {
    if (dbId !== null && !schema && schemas?.length === 1)
      dispatch(queryEditorChanged({ id: editorId, changes: { schema: schemas[0] }, now: Date.now() }));
  }, [dbId, schema, schemas, editorId, dispatch]);

  if (!editor) return null;
  // past the server's metadata cache, so a table created a minute ago shows up
  const handleRefresh = () => {
    if (dbId !== null) void dispatch(refreshDatabaseMetadata(dbId, catalog, schema));
  };
  const handleAddTable = (name: string) => {
    if (dbId !== null) void dispatch(addTable(editorId, { dbId, catalog, schema, name }));
  };

  return (
    <aside className="rama-sqllab-leftbar" aria-label={t('leftBar.ariaLabel')}>
      <div className="rama-sqllab-pickers">
        <label className="rama-sqllab-field">
          <span>{t('common:database')}</span>
          <Select
            aria-label={t('common:database')}
            value={dbId ?? undefined}
            placeholder={t('leftBar.chooseDatabase')}
            options={databases.map((d) => ({ value: d.id, label: d.database_name, backend: d.backend }))}
            optionRender={(o) => (
              <span className="rama-sqllab-db-option">
                {o.label}
                <span className="rama-sqllab-muted">{o.data.backend}</span>
              </span>
            )}
            onChange={(id: number) => change({ dbId: id, catalog: null, schema: null })}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </label>
        {catalogs && catalogs.length > 1 && (
          <label className="rama-sqllab-field">
            <span>{t('leftBar.catalog')}</span>
            <Select
              aria-label={t('leftBar.catalog')}
              value={catalog ?? undefined}
              placeholder={t('leftBar.chooseCatalog')}
              options={catalogs.map((c) => ({ value: c, label: c }))}
              onChange={(c: string) => change({ catalog: c, schema: null })}
              showSearch
            />
          </label>
        )}
        <label className="rama-sqllab-field">
          <span className="rama-sqllab-field-head">
            {t('common:schema')}
            <Tooltip title={t('leftBar.refreshTooltip')}>
              <Button
                type="text"
                size="small"
                icon={<ReloadOutlined aria-hidden />}
                aria-label={t('leftBar.refresh')}
                onClick={handleRefresh}
                loading={schemasQuery.isFetching || tablesQuery.isFetching}
              />
            </Tooltip>
          </span>
          <Select
            aria-label={t('common:schema')}
            value={schema ?? undefined}
            placeholder={t('leftBar.chooseSchema')}
            loading={schemasQuery.isFetching}
            disabled={dbId === null}
            options={(schemas ?? []).map((s) => ({ value: s, label: s }))}
            onChange={(s: string) => change({ schema: s })}
            showSearch
          />
        </label>
        <label className="rama-sqllab-field">
          <span>
            {t('leftBar.tables')}
            {tablesQuery.data ? <span className="rama-sqllab-muted"> ({tablesQuery.data.count})</span> : null}
          </span>
          <Select
            aria-label={t('leftBar.addTable')}
            value={null}
            placeholder={schema ? t('leftBar.searchTables') : t('leftBar.chooseSchemaFirst')}
            suffixIcon={<SearchOutlined />}
            disabled={!schema}
            loading={tablesQuery.isFetching}
            options={(tablesQuery.data?.result ?? []).map((o) => ({ value: o.value, label: o.value, type: o.type }))}
            optionRender={(o) => (
              <span className="rama-sqllab-db-option">
                {o.label}
                {o.data.type !== 'table' && <span className="rama-sqllab-muted">{o.data.type}</span>}
              </span>
            )}
            onChange={(name: string | null) => name && handleAddTable(name)}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </label>
      </div>
      <div className="rama-sqllab-cards" aria-label={t('leftBar.tableSchemas')}>
        {tables.length === 0 ? (
          <Typography.Text type="secondary" className="rama-sqllab-cards-empty">
            {t('leftBar.empty')}
          </Typography.Text>
        ) : (
          tables.map((table) => <TableSchemaCard key={table.id} table={table} />)
        )}
      </div>
    </aside>
  );
}
