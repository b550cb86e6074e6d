import { Descriptions, Empty, Flex, Skeleton, Table, Tabs, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import type { TableColumnMeta, TableListItem, TableMetadataReply } from '@rama/shared';
import { CodeBlock } from '../components/CodeBlock';
import { ErrorAlert } from '../components/ErrorAlert';
import { FlagCheck } from '../components/FlagCheck';
import { toClientError } from '../core/api';
import { t } from '../i18n';
import { useGetSelectStarQuery, useGetTableExtraMetadataQuery, useGetTableMetadataQuery, type TableArgs } from './databaseApi';

type Index = TableMetadataReply['indexes'][number];
type ForeignKey = TableMetadataReply['foreignKeys'][number];

/** A key's tag: its text is `key.<kind>` in the language file, its tooltip `key.<kind>Title`. */
const KEY_COLORS: Record<TableColumnMeta['keys'][number]['type'], string | undefined> = { pk: 'gold', fk: 'blue', index: undefined };

/** "table", "view", "materialized view", in the current language. */
export const tableTypeLabel = (type: TableListItem['type']): string => t(`databases:tableType.${type}`);

function KeyTags({ keys }: { keys: TableColumnMeta['keys'] }) {
  const kinds = [...new Set(keys.map((key) => key.type))];
  return (
    <Flex gap={4} wrap>
      {kinds.map((kind) => (
        <Tooltip key={kind} title={t(`databases:key.${kind}Title`)}>
          <Tag color={KEY_COLORS[kind]}>{t(`databases:key.${kind}`)}</Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}

const columnColumns = (): TableProps<TableColumnMeta>['columns'] => [
  {
    key: 'name',
    title: t('databases:column'),
    dataIndex: 'name',
    render: (name: string, column) => (
      <Flex vertical>
        <span className="rama-mono">{name}</span>
        {column.comment && <Typography.Text type="secondary">{column.comment}</Typography.Text>}
      </Flex>
    ),
  },
  {
    key: 'type',
    title: t('common:type'),
    dataIndex: 'type',
    render: (type: string, column) => (
      <Tooltip title={column.longType !== type ? column.longType : undefined}>
        <span className="rama-mono rama-type">{type}</span>
      </Tooltip>
    ),
  },
  {
    key: 'nullable',
    title: t('databases:nullable'),
    align: 'center',
    render: (_v, column) =>
      column.nullable === undefined ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        <FlagCheck value={column.nullable} label={t('databases:nullable')} />
      ),
  },
  { key: 'keys', title: t('databases:keys'), render: (_v, column) => <KeyTags keys={column.keys} /> },
];

const indexColumns = (): TableProps<Index>['columns'] => [
  { key: 'name', title: t('databases:index'), dataIndex: 'name', render: (name: string) => <span className="rama-mono">{name}</span> },
  {
    key: 'columns',
    title: t('databases:columns'),
    render: (_v, index) => <span className="rama-mono">{index.column_names.join(', ')}</span>,
  },
  {
    key: 'unique',
    title: t('databases:unique'),
    align: 'center',
    render: (_v, index) => <FlagCheck value={index.unique} label={t('databases:unique')} />,
  },
];

const foreignKeyColumns = (): TableProps<ForeignKey>['columns'] => [
  { key: 'name', title: t('common:name'), render: (_v, fk) => <span className="rama-mono">{fk.name ?? '—'}</span> },
  {
    key: 'columns',
    title: t('databases:columns'),
    render: (_v, fk) => <span className="rama-mono">{fk.constrained_columns.join(', ')}</span>,
  },
  {
    key: 'references',
    title: t('databases:references'),
    render: (_v, fk) => (
      <span className="rama-mono">
        {fk.referred_schema ? `${fk.referred_schema}.` : ''}
        {fk.referred_table}({fk.referred_columns.join(', ')})
      </span>
    ),
  },
];

function formatExtraValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

function ExtraMetadata({ args }: { args: TableArgs }) {
  const { data, error, isFetching } = useGetTableExtraMetadataQuery(args);
  if (isFetching && !data) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (error) return <ErrorAlert error={toClientError(error)} title={t('databases:extraFailed')} />;
  const entries = Object.entries(data ?? {});
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('databases:noExtra')} />;
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={entries.map(([key, value]) => ({
        key,
        label: key,
        children: <pre className="rama-inline-pre">{formatExtraValue(value)}</pre>,
      }))}
    />
  );
}

function SelectStar({ args, fallback }: { args: TableArgs; fallback: string }) {
  const { data, error, isFetching } = useGetSelectStarQuery(args);
  if (isFetching && !data) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (error && !fallback) return <ErrorAlert error={toClientError(error)} title={t('databases:selectStarFailed')} />;
  return <CodeBlock code={data ?? fallback} label={t('databases:selectStatement')} />;
}

/** Columns, keys, indexes, the SELECT * statement and engine extras of one table. */
export function TableDetails({ args, tableType }: { args: TableArgs; tableType: TableListItem['type'] | null }) {
  const { data: meta, error, isFetching } = useGetTableMetadataQuery(args);

  if (error) return <ErrorAlert error={toClientError(error)} title={t('databases:loadTableFailed', { table: args.table })} />;
  if (!meta || (isFetching && meta.name !== args.table)) return <Skeleton active paragraph={{ rows: 8 }} />;

  const primaryKey = meta.primaryKey.constrained_columns;
  const tabs = [
    {
      key: 'columns',
      label: t('databases:tab.columns', { count: meta.columns.length }),
      children: (
        <Table<TableColumnMeta>
          rowKey="name"
          size="small"
          columns={columnColumns()}
          dataSource={meta.columns}
          pagination={meta.columns.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          aria-label={t('databases:columnsOf', { name: meta.name })}
        />
      ),
    },
    {
      key: 'indexes',
      label: t('databases:tab.indexes', { count: meta.indexes.length }),
      children: (
        <Table<Index>
          rowKey="name"
          size="small"
          columns={indexColumns()}
          dataSource={meta.indexes}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('databases:noIndexes')} /> }}
        />
      ),
    },
    {
      key: 'foreign-keys',
      label: t('databases:tab.foreignKeys', { count: meta.foreignKeys.length }),
      children: (
        <Table<ForeignKey>
          rowKey={(fk) => `${fk.name ?? ''}:${fk.constrained_columns.join(',')}`}
          size="small"
          columns={foreignKeyColumns()}
          dataSource={meta.foreignKeys}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('databases:noForeignKeys')} /> }}
        />
      ),
    },
    {
      key: 'sql',
      label: 'SELECT *', // i18n-ignore: SQL, the same in every language
      children: <SelectStar args={args} fallback={meta.selectStar} />,
    },
    { key: 'extra', label: t('databases:tab.extra'), children: <ExtraMetadata args={args} /> },
  ];

  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={8} wrap>
        <Typography.Title level={4} className="rama-table-title">
          {meta.name}
        </Typography.Title>
        {tableType && <Tag>{tableTypeLabel(tableType)}</Tag>}
        {primaryKey.length > 0 && (
          <Tag icon={<KeyOutlined />} color="gold">
            {primaryKey.join(', ')}
          </Tag>
        )}
      </Flex>
      {meta.comment && <Typography.Paragraph type="secondary">{meta.comment}</Typography.Paragraph>}
      <Tabs items={tabs} defaultActiveKey="columns" />
    </Flex>
  );
}
