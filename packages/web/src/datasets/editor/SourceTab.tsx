import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Col, Flex, Form, Input, Row, Select, Tag, Typography } from 'antd';
import { ConsoleSqlOutlined, LockOutlined, TableOutlined, UnlockOutlined } from '@ant-design/icons';
import type { DatasetDetail } from '@rama/shared';
import { useGetSchemasQuery, useGetTablesQuery, useListDatabasesQuery } from '../../databases/databaseApi';
import type { DatasetDraft, DatasetFields } from '../datasetDraft';
import { SqlField } from './SqlField';

const ALL_DATABASES = { order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100 } as const;

interface SourceTabProps {
  draft: DatasetDraft;
  detail: DatasetDetail;
  onChange: (fields: Partial<DatasetFields>) => void;
  errorOf: (key: string) => string | undefined;
}

function LockToggle({ locked, onToggle }: { locked: boolean; onToggle: () => void }) {
  const { t } = useTranslation('datasets');
  return (
    <Flex align="center" gap={8} className="rama-source-lock">
      <Button
        type="text"
        icon={locked ? <LockOutlined /> : <UnlockOutlined />}
        aria-label={locked ? t('source.unlock') : t('source.lock')}
        aria-pressed={!locked}
        onClick={onToggle}
      />
      <Typography.Text type="secondary">{locked ? t('source.lockedHint') : t('source.unlockedHint')}</Typography.Text>
    </Flex>
  );
}

/**
 * Where the dataset's rows come from: a table (physical) or a SQL query (virtual), in a database
 * and schema. Behind a lock, because changing it changes every chart built on the dataset.
 */
export function SourceTab({ draft, detail, onChange, errorOf }: SourceTabProps) {
  const { t } = useTranslation('datasets');
  const [locked, setLocked] = useState(true);
  const sqlErrorId = useId();
  const physical = draft.kind === 'physical';
  const { data: databases, isFetching: databasesLoading } = useListDatabasesQuery(ALL_DATABASES, { skip: locked });
  const { data: schemas, isFetching: schemasLoading } = useGetSchemasQuery(
    { databaseId: draft.database_id, catalog: draft.catalog },
    { skip: locked },
  );
  const { data: tables, isFetching: tablesLoading } = useGetTablesQuery(
    { databaseId: draft.database_id, catalog: draft.catalog, schema: draft.schema ?? '' },
    { skip: locked || !physical || draft.schema === null },
  );
  const database = databases?.result.find((db) => db.id === draft.database_id);
  const editorDialect = (database ?? detail.database).engine_information?.editor_dialect;

  const databaseOptions = databases
    ? databases.result.map((db) => ({ value: db.id, label: db.database_name }))
    : [{ value: detail.database.id, label: detail.database.database_name }];
  const schemaOptions = (schemas ?? (draft.schema ? [draft.schema] : [])).map((schema) => ({ value: schema, label: schema }));
  const tableOptions = tables
    ? tables.result.map((table) => ({ value: table.value, label: table.value }))
    : draft.table_name
      ? [{ value: draft.table_name, label: draft.table_name }]
      : [];

  // the schemas belong to the database, and the tables to the schema
  const handleDatabaseChange = (id: number) =>
    onChange({ database_id: id, catalog: null, schema: null, ...(physical && { table_name: '' }) });
  const handleSchemaChange = (schema: string | undefined) => onChange({ schema: schema ?? null, ...(physical && { table_name: '' }) });
  const sqlError = errorOf('sql');
  const schemaError = errorOf('schema');
  const tableNameError = errorOf('table_name');

  return (
    <div className="rama-editor-pane">
      <LockToggle locked={locked} onToggle={() => setLocked((was) => !was)} />
      <Form layout="vertical" component="div" className="rama-source-form">
        <Form.Item label={t('kind')}>
          {physical ? (
            <Tag color="blue" icon={<TableOutlined aria-hidden />}>
              {t('source.physical')}
            </Tag>
          ) : (
            <Tag color="purple" icon={<ConsoleSqlOutlined aria-hidden />}>
              {t('source.virtual')}
            </Tag>
          )}
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={t('common:database')} htmlFor="dataset-source-database">
              <Select<number>
                id="dataset-source-database"
                aria-label={t('common:database')}
                disabled={locked}
                showSearch={{ optionFilterProp: 'label' }}
                loading={databasesLoading}
                value={draft.database_id}
                onChange={handleDatabaseChange}
                options={databaseOptions}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('common:schema')}
              htmlFor="dataset-source-schema"
              validateStatus={schemaError ? 'error' : undefined}
              help={schemaError}
            >
              <Select<string>
                id="dataset-source-schema"
                aria-label={t('common:schema')}
                disabled={locked}
                allowClear={!physical}
                showSearch={{ optionFilterProp: 'label' }}
                loading={schemasLoading}
                placeholder={t('pickSchema')}
                value={draft.schema ?? undefined}
                onChange={handleSchemaChange}
                options={schemaOptions}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {physical ? (
              <Form.Item
                label={t('common:table')}
                htmlFor="dataset-source-table"
                validateStatus={tableNameError ? 'error' : undefined}
                help={tableNameError}
              >
                <Select<string>
                  id="dataset-source-table"
                  aria-label={t('common:table')}
                  disabled={locked || draft.schema === null}
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={tablesLoading}
                  placeholder={t('pickTable')}
                  value={draft.table_name || undefined}
                  onChange={(table) => onChange({ table_name: table })}
                  options={tableOptions}
                />
              </Form.Item>
            ) : (
              <Form.Item
                label={t('common:name')}
                htmlFor="dataset-source-name"
                validateStatus={tableNameError ? 'error' : undefined}
                help={tableNameError}
              >
                <Input
                  id="dataset-source-name"
                  disabled={locked}
                  value={draft.table_name}
                  maxLength={250}
                  onChange={(event) => onChange({ table_name: event.target.value })}
                />
              </Form.Item>
            )}
          </Col>
        </Row>
        {!physical && (
          <Form.Item
            label="SQL"
            validateStatus={sqlError ? 'error' : undefined}
            help={sqlError && <span id={sqlErrorId}>{sqlError}</span>}
            extra={t('source.sqlExtra')}
          >
            <SqlField
              value={draft.sql}
              onChange={(sql) => onChange({ sql })}
              dialect={editorDialect}
              label={t('source.sqlLabel')}
              readOnly={locked}
              invalid={Boolean(sqlError)}
              describedBy={sqlError ? sqlErrorId : undefined}
            />
          </Form.Item>
        )}
        {!locked && <Alert type="warning" showIcon title={t('source.warning')} />}
      </Form>
    </div>
  );
}
