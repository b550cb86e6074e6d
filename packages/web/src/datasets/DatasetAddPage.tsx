import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Empty, Flex, Form, Select, Table, Tag, Typography } from 'antd';
import { EyeOutlined, TableOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { TableColumnMeta } from '@rama/shared';
import { PageHeader } from '../components/PageHeader';
import { ErrorAlert } from '../components/ErrorAlert';
import { toClientError } from '../core/api';
import { SLOT, Slotted } from '../i18n/Slotted';
import { useToasts } from '../core/hooks';
import { useGetSchemasQuery, useGetTableMetadataQuery, useGetTablesQuery, useListDatabasesQuery } from '../databases/databaseApi';
import { useCreateDatasetMutation, useListDatasetsQuery } from './datasetApi';
import { NO_TABLE_PICKED, existingDatasetQuery, pickDatabase, pickSchema, pickTable, type TablePick } from './datasetAdd';
import './datasets.css';

const DATASETS_PATH = '/tablemodelview/list/';
const ALL_DATABASES = { order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100 } as const;

/** The picked table's columns, so the user sees what the dataset will hold. */
function TablePreview({ pick }: { pick: TablePick }) {
  const { t } = useTranslation('datasets');
  const { databaseId, schema, table } = pick;
  const ready = databaseId !== null && schema !== null && table !== null;
  const { data, error, isFetching } = useGetTableMetadataQuery(
    { databaseId: databaseId ?? 0, catalog: null, schema: schema ?? '', table: table ?? '' },
    { skip: !ready },
  );
  if (!ready) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('add.pickToPreview')} />;
  }
  if (error) return <ErrorAlert error={toClientError(error)} title={t('add.columnsFailed')} />;
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} className="rama-table-title">
        {schema}.{table}
      </Typography.Title>
      <Table<TableColumnMeta>
        rowKey="name"
        size="small"
        loading={isFetching}
        dataSource={data?.columns ?? []}
        pagination={false}
        scroll={{ y: 460 }}
        columns={[
          { key: 'name', title: t('column'), dataIndex: 'name', render: (name: string) => <span className="rama-mono">{name}</span> },
          {
            key: 'type',
            title: t('common:type'),
            dataIndex: 'type',
            width: 200,
            render: (type: string) => <Tag className="rama-type-tag">{type}</Tag>,
          },
        ]}
        locale={{ emptyText: isFetching ? ' ' : t('add.noColumns') }}
      />
    </Flex>
  );
}

/** "New dataset": pick a database, a schema and a table, and make a physical dataset of it. */
export function DatasetAddPage() {
  const { t } = useTranslation('datasets');
  const navigate = useNavigate();
  const { addSuccessToast } = useToasts();
  const [pick, setPick] = useState<TablePick>(NO_TABLE_PICKED);
  const { databaseId, schema, table } = pick;

  const { data: databases, isFetching: databasesLoading } = useListDatabasesQuery(ALL_DATABASES);
  const { data: schemas, isFetching: schemasLoading } = useGetSchemasQuery(
    { databaseId: databaseId ?? 0, catalog: null },
    { skip: databaseId === null },
  );
  const { data: tables, isFetching: tablesLoading } = useGetTablesQuery(
    { databaseId: databaseId ?? 0, catalog: null, schema: schema ?? '' },
    { skip: databaseId === null || schema === null },
  );
  const existingQuery = existingDatasetQuery(pick);
  const { data: existing } = useListDatasetsQuery(existingQuery ?? {}, { skip: existingQuery === null, refetchOnMountOrArgChange: true });
  const alreadyThere = existingQuery !== null && (existing?.count ?? 0) > 0;
  const [createDataset, createState] = useCreateDatasetMutation();

  const createError = createState.error ? toClientError(createState.error) : null;
  const tableError = createError?.fieldErrors?.table_name?.join(' ');

  const handleCreate = async () => {
    if (databaseId === null || table === null) return;
    const result = await createDataset({ database: databaseId, catalog: null, schema, table_name: table });
    if (result.error) return;
    addSuccessToast(t('add.created', { table }));
    void navigate(DATASETS_PATH);
  };
  const change = (next: TablePick) => {
    setPick(next);
    createState.reset();
  };

  return (
    <div className="rama-page">
      <PageHeader
        title={t('add.title')}
        subtitle={t('add.subtitle')}
        breadcrumb={[{ title: t('breadcrumb.data') }, { title: t('list.title'), to: DATASETS_PATH }, { title: t('add.title') }]}
      />
      <Flex gap={16} wrap className="rama-dataset-add">
        <div className="rama-panel rama-dataset-add-picker">
          <Form layout="vertical" component="div">
            <Form.Item label={t('common:database')} htmlFor="dataset-add-database">
              <Select<number>
                id="dataset-add-database"
                aria-label={t('common:database')}
                placeholder={t('pickDatabase')}
                showSearch={{ optionFilterProp: 'label' }}
                loading={databasesLoading}
                value={databaseId ?? undefined}
                onChange={(id) => change(pickDatabase(id))}
                options={(databases?.result ?? []).map((db) => ({ value: db.id, label: db.database_name }))}
              />
            </Form.Item>
            <Form.Item label={t('common:schema')} htmlFor="dataset-add-schema">
              <Select<string>
                id="dataset-add-schema"
                aria-label={t('common:schema')}
                placeholder={databaseId === null ? t('pickDatabaseFirst') : t('pickSchema')}
                disabled={databaseId === null}
                showSearch={{ optionFilterProp: 'label' }}
                loading={schemasLoading}
                value={schema ?? undefined}
                onChange={(name) => change(pickSchema(pick, name))}
                options={(schemas ?? []).map((name) => ({ value: name, label: name }))}
              />
            </Form.Item>
            <Form.Item
              label={t('common:table')}
              htmlFor="dataset-add-table"
              validateStatus={tableError ? 'error' : undefined}
              help={tableError}
            >
              <Select<string>
                id="dataset-add-table"
                aria-label={t('common:table')}
                placeholder={schema === null ? t('pickSchemaFirst') : t('add.searchTables')}
                disabled={schema === null}
                showSearch={{ optionFilterProp: 'value' }}
                loading={tablesLoading}
                value={table ?? undefined}
                onChange={(name) => change(pickTable(pick, name))}
                options={(tables?.result ?? []).map((item) => ({
                  value: item.value,
                  label: (
                    <Flex gap={6} align="center">
                      {item.type === 'table' ? <TableOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
                      {item.value}
                    </Flex>
                  ),
                }))}
              />
            </Form.Item>
          </Form>
          {alreadyThere && (
            <Alert
              type="warning"
              showIcon
              title={t('add.alreadyThere')}
              description={
                <Slotted text={t('add.editFromList', { link: SLOT })}>
                  <Link to={DATASETS_PATH}>{t('add.datasetsList')}</Link>
                </Slotted>
              }
            />
          )}
          {createError && !tableError && <ErrorAlert error={createError} title={t('add.createFailed')} />}
          <Flex gap={8} justify="end" className="rama-dataset-add-actions">
            <Button onClick={() => void navigate(DATASETS_PATH)}>{t('common:cancel')}</Button>
            <Button
              type="primary"
              disabled={table === null || alreadyThere}
              loading={createState.isLoading}
              onClick={() => void handleCreate()}
            >
              {t('add.create')}
            </Button>
          </Flex>
        </div>
        <div className="rama-panel rama-dataset-add-preview">
          <TablePreview pick={pick} />
        </div>
      </Flex>
    </div>
  );
}
