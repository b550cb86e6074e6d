import { useEffect, useState, type ChangeEvent } from 'react';
import { Button, Card, Col, Empty, Input, Result, Row, Select, Skeleton, Tag, Typography } from 'antd';
import { EditOutlined, EyeOutlined, FolderOutlined, ReloadOutlined, SearchOutlined, TableOutlined } from '@ant-design/icons';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TableListItem } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { SelectableList, type SelectableItem } from '../components/SelectableList';
import { errorMessage, toClientError } from '../core/api';
import { useAppDispatch, useToasts } from '../core/hooks';
import { useSession } from '../core/session';
import { NotFoundPage } from '../core/NotFoundPage';
import { DatabaseModal } from './DatabaseModal';
import { TableDetails, tableTypeLabel } from './TableDetails';
import { databaseApi, useGetCatalogsQuery, useGetDatabaseQuery, useGetSchemasQuery, useGetTablesQuery } from './databaseApi';

const FILTER_THRESHOLD = 8;

function tableIcon(type: TableListItem['type']) {
  return type === 'table' ? <TableOutlined /> : <EyeOutlined />;
}

function matches(text: string, filter: string): boolean {
  return text.toLowerCase().includes(filter.trim().toLowerCase());
}

/** Reports a failed metadata call once as a toast; the panel shows it inline too. */
function useErrorToast(error: unknown, what: 'schemas' | 'tables'): void {
  const { t } = useTranslation('databases');
  const { addDangerToast } = useToasts();
  useEffect(() => {
    if (error) {
      const message = errorMessage(error);
      addDangerToast(what === 'schemas' ? t('fetchSchemasFailed', { message }) : t('fetchTablesFailed', { message }), {
        noDuplicate: true,
      });
    }
  }, [error, what, addDangerToast, t]);
}

interface PanelProps {
  databaseId: number;
  catalog: string | null;
}

function SchemaPanel({
  databaseId,
  catalog,
  schema,
  onSelect,
}: PanelProps & { schema: string | null; onSelect: (schema: string) => void }) {
  const { t } = useTranslation('databases');
  const [filter, setFilter] = useState('');
  const { data: schemas, error, isFetching } = useGetSchemasQuery({ databaseId, catalog });
  useErrorToast(error, 'schemas');
  const handleFilter = (event: ChangeEvent<HTMLInputElement>) => setFilter(event.target.value);
  const items: SelectableItem[] = (schemas ?? [])
    .filter((name) => matches(name, filter))
    .map((name) => ({ key: name, label: name, icon: <FolderOutlined /> }));

  return (
    <Card
      title={t('schemas')}
      size="small"
      className="rama-browse-card"
      extra={schemas && <Typography.Text type="secondary">{schemas.length}</Typography.Text>}
    >
      {(schemas?.length ?? 0) > FILTER_THRESHOLD && (
        <Input
          size="small"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('filterSchemas')}
          value={filter}
          onChange={handleFilter}
          className="rama-panel-filter"
          aria-label={t('filterSchemas')}
        />
      )}
      {error ? (
        <ErrorAlert error={toClientError(error)} />
      ) : isFetching && !schemas ? (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filter ? t('noSchemasMatch') : t('noSchemas')} />
      ) : (
        <SelectableList items={items} selectedKey={schema} onSelect={onSelect} label={t('schemas')} />
      )}
    </Card>
  );
}

function TablePanel({
  databaseId,
  catalog,
  schema,
  table,
  onSelect,
}: PanelProps & { schema: string | null; table: string | null; onSelect: (table: string) => void }) {
  const { t } = useTranslation('databases');
  const [filter, setFilter] = useState('');
  const { data, error, isFetching } = useGetTablesQuery({ databaseId, catalog, schema: schema ?? '' }, { skip: schema === null });
  useErrorToast(error, 'tables');
  const handleFilter = (event: ChangeEvent<HTMLInputElement>) => setFilter(event.target.value);
  const items: SelectableItem[] = (data?.result ?? [])
    .filter((item) => matches(item.value, filter))
    .map((item) => ({
      key: item.value,
      label: item.value,
      icon: tableIcon(item.type),
      meta: item.type === 'table' ? undefined : tableTypeLabel(item.type),
    }));

  let body;
  if (schema === null) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chooseSchema')} />;
  else if (error) body = <ErrorAlert error={toClientError(error)} />;
  else if (isFetching && !data) body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  else if (items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filter ? t('noTablesMatch') : t('noTablesIn', { schema })} />;
  else body = <SelectableList items={items} selectedKey={table} onSelect={onSelect} label={t('tables')} />;

  return (
    <Card
      title={schema ? t('tablesIn', { schema }) : t('tables')}
      size="small"
      className="rama-browse-card"
      extra={data && <Typography.Text type="secondary">{data.count}</Typography.Text>}
    >
      {schema !== null && (
        <Input
          size="small"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('searchTables')}
          value={filter}
          onChange={handleFilter}
          className="rama-panel-filter"
          aria-label={t('searchTables')}
        />
      )}
      {body}
    </Card>
  );
}

/** Browse one database: catalog, schemas, tables and the chosen table's metadata. */
export function DatabaseBrowsePage() {
  const { t } = useTranslation('databases');
  const { databaseId: idParam } = useParams();
  const databaseId = Number(idParam);
  const valid = Number.isInteger(databaseId) && databaseId > 0;
  const { access } = useSession();
  const dispatch = useAppDispatch();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [searchParams, setSearchParams] = useSearchParams();
  const [refreshing, setRefreshing] = useState(false);
  const [editing, setEditing] = useState(false);
  const { data: db, error, isLoading } = useGetDatabaseQuery(databaseId, { skip: !valid });
  const { data: catalogs } = useGetCatalogsQuery(databaseId, { skip: !valid || !db });
  const catalog = searchParams.get('catalog');
  const { data: schemas } = useGetSchemasQuery({ databaseId, catalog }, { skip: !valid });
  // A database with a single schema (DuckDB's main, SQLite) opens on it.
  const schema = searchParams.get('schema') ?? (schemas?.length === 1 ? schemas[0] : null);
  const table = searchParams.get('table');
  const { data: tables } = useGetTablesQuery({ databaseId, catalog, schema: schema ?? '' }, { skip: !valid || schema === null });
  const tableType = tables?.result.find((item) => item.value === table)?.type ?? null;

  if (!valid) return <NotFoundPage />;
  if (error) {
    const clientError = toClientError(error);
    if (clientError.status === 404) {
      return (
        <Result
          status="404"
          title={t('notFound')}
          subTitle={t('notFoundHint')}
          extra={
            <Link to="/databaseview/list/">
              <Button type="primary">{t('allDatabases')}</Button>
            </Link>
          }
        />
      );
    }
    return <ErrorAlert error={clientError} title={t('loadDatabaseFailed')} />;
  }
  if (isLoading || !db) return <Skeleton active paragraph={{ rows: 10 }} />;

  const updateParams = (next: { catalog?: string | null; schema?: string | null; table?: string | null }) => {
    const params = new URLSearchParams();
    const merged = { catalog, schema, table, ...next };
    for (const [key, value] of Object.entries(merged)) if (value) params.set(key, value);
    setSearchParams(params);
  };
  const handleCatalog = (value: string) => updateParams({ catalog: value, schema: null, table: null });
  const handleSchema = (value: string) => updateParams({ schema: value, table: null });
  const handleTable = (value: string) => updateParams({ table: value });
  const handleEdit = () => setEditing(true);
  const handleCloseEdit = () => setEditing(false);

  const handleRefresh = async () => {
    setRefreshing(true);
    const force = { subscribe: false, forceRefetch: true } as const;
    const results = await Promise.all([
      dispatch(databaseApi.endpoints.getSchemas.initiate({ databaseId, catalog, force: true }, force)),
      schema !== null ? dispatch(databaseApi.endpoints.getTables.initiate({ databaseId, catalog, schema, force: true }, force)) : null,
    ]);
    if (table !== null && schema !== null) {
      const args = { databaseId, catalog, schema, table };
      await Promise.all([
        dispatch(databaseApi.endpoints.getTableMetadata.initiate(args, force)),
        dispatch(databaseApi.endpoints.getTableExtraMetadata.initiate(args, force)),
        dispatch(databaseApi.endpoints.getSelectStar.initiate(args, force)),
      ]);
    }
    setRefreshing(false);
    const failed = results.find((r) => r?.error);
    if (failed?.error) addDangerToast(t('refreshFailed', { message: errorMessage(failed.error) }));
    else addSuccessToast(t('refreshed'));
  };

  return (
    <div className="rama-page">
      <PageHeader
        title={db.database_name}
        tags={
          <>
            <Tag color="cyan">{db.backend}</Tag>
            {db.is_examples && <Tag>{t('readOnly')}</Tag>}
          </>
        }
        subtitle={t('browseSubtitle')}
        breadcrumb={[{ title: t('breadcrumb.data') }, { title: t('list.title'), to: '/databaseview/list/' }, { title: db.database_name }]}
        extra={
          <>
            {(catalogs?.length ?? 0) > 1 && (
              <Select
                aria-label={t('catalog')}
                className="rama-catalog-select"
                value={catalog ?? undefined}
                prefix={<span className="rama-select-prefix">{t('catalog')}</span>}
                placeholder={t('default')}
                onChange={handleCatalog}
                options={(catalogs ?? []).map((c) => ({ value: c, label: c }))}
                showSearch
              />
            )}
            <Button icon={<ReloadOutlined aria-hidden />} loading={refreshing} onClick={() => void handleRefresh()}>
              {t('common:refresh')}
            </Button>
            {access.canWriteDatabase && (
              <Button icon={<EditOutlined aria-hidden />} onClick={handleEdit}>
                {t('common:edit')}
              </Button>
            )}
          </>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8} xl={5}>
          <SchemaPanel databaseId={databaseId} catalog={catalog} schema={schema} onSelect={handleSchema} />
        </Col>
        <Col xs={24} md={16} xl={6}>
          <TablePanel
            key={`${catalog ?? ''}/${schema ?? ''}`}
            databaseId={databaseId}
            catalog={catalog}
            schema={schema}
            table={table}
            onSelect={handleTable}
          />
        </Col>
        <Col xs={24} xl={13}>
          <Card size="small" className="rama-browse-card rama-browse-details">
            {schema !== null && table !== null ? (
              <TableDetails args={{ databaseId, catalog, schema, table }} tableType={tableType} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chooseTable')} />
            )}
          </Card>
        </Col>
      </Row>
      <DatabaseModal open={editing} databaseId={db.id} onClose={handleCloseEdit} />
    </div>
  );
}
