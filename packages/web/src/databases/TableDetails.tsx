import { Descriptions, Empty, Flex, Skeleton, Table, Tabs, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import type { TableColumnMeta, TableListItem, TableMetadataReply } from '@rama/shared';
import { CodeBlock } from '../components/CodeBlock';
import { ErrorAlert } from '../components/ErrorAlert';
import { FlagCheck } from '../components/FlagCheck';
import { toClientError } from '../app/api';
import { useGetSelectStarQuery, useGetTableExtraMetadataQuery, useGetTableMetadataQuery, type TableArgs } from './databaseApi';

type Index = TableMetadataReply['indexes'][number];
type ForeignKey = TableMetadataReply['foreignKeys'][number];

const KEY_TAGS: Record<TableColumnMeta['keys'][number]['type'], { label: string; color?: string; title: string }> = {
  pk: { label: 'PK', color: 'gold', title: 'Primary key' },
  fk: { label: 'FK', color: 'blue', title: 'Foreign key' },
  index: { label: 'index', title: 'Indexed' },
};

export const TABLE_TYPE_LABEL: Record<TableListItem['type'], string> = {
  table: 'table',
  view: 'view',
  materialized_view: 'materialized view',
};

function KeyTags({ keys }: { keys: TableColumnMeta['keys'] }) {
  const kinds = [...new Set(keys.map((key) => key.type))];
  return (
    <Flex gap={4} wrap>
      {kinds.map((kind) => (
        <Tooltip key={kind} title={KEY_TAGS[kind].title}>
          <Tag color={KEY_TAGS[kind].color}>{KEY_TAGS[kind].label}</Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}

const COLUMN_COLUMNS: TableProps<TableColumnMeta>['columns'] = [
  {
    key: 'name',
    title: 'Column',
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
    title: 'Type',
    dataIndex: 'type',
    render: (type: string, column) => (
      <Tooltip title={column.longType !== type ? column.longType : undefined}>
        <span className="rama-mono rama-type">{type}</span>
      </Tooltip>
    ),
  },
  {
    key: 'nullable',
    title: 'Nullable',
    align: 'center',
    render: (_v, column) =>
      column.nullable === undefined ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        <FlagCheck value={column.nullable} label="Nullable" />
      ),
  },
  { key: 'keys', title: 'Keys', render: (_v, column) => <KeyTags keys={column.keys} /> },
];

const INDEX_COLUMNS: TableProps<Index>['columns'] = [
  { key: 'name', title: 'Index', dataIndex: 'name', render: (name: string) => <span className="rama-mono">{name}</span> },
  { key: 'columns', title: 'Columns', render: (_v, index) => <span className="rama-mono">{index.column_names.join(', ')}</span> },
  { key: 'unique', title: 'Unique', align: 'center', render: (_v, index) => <FlagCheck value={index.unique} label="Unique" /> },
];

const FOREIGN_KEY_COLUMNS: TableProps<ForeignKey>['columns'] = [
  { key: 'name', title: 'Name', render: (_v, fk) => <span className="rama-mono">{fk.name ?? '—'}</span> },
  { key: 'columns', title: 'Columns', render: (_v, fk) => <span className="rama-mono">{fk.constrained_columns.join(', ')}</span> },
  {
    key: 'references',
    title: 'References',
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
  if (error) return <ErrorAlert error={toClientError(error)} title="Could not load extra metadata" />;
  const entries = Object.entries(data ?? {});
  if (entries.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This engine reports no extra metadata for the table" />;
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
  if (error && !fallback) return <ErrorAlert error={toClientError(error)} title="Could not build the SELECT statement" />;
  return <CodeBlock code={data ?? fallback} label="SELECT statement" />;
}

/** Columns, keys, indexes, the SELECT * statement and engine extras of one table. */
export function TableDetails({ args, tableType }: { args: TableArgs; tableType: TableListItem['type'] | null }) {
  const { data: meta, error, isFetching } = useGetTableMetadataQuery(args);

  if (error) return <ErrorAlert error={toClientError(error)} title={`Could not load ${args.table}`} />;
  if (!meta || (isFetching && meta.name !== args.table)) return <Skeleton active paragraph={{ rows: 8 }} />;

  const primaryKey = meta.primaryKey.constrained_columns;
  const tabs = [
    {
      key: 'columns',
      label: `Columns (${meta.columns.length})`,
      children: (
        <Table<TableColumnMeta>
          rowKey="name"
          size="small"
          columns={COLUMN_COLUMNS}
          dataSource={meta.columns}
          pagination={meta.columns.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          aria-label={`Columns of ${meta.name}`}
        />
      ),
    },
    {
      key: 'indexes',
      label: `Indexes (${meta.indexes.length})`,
      children: (
        <Table<Index>
          rowKey="name"
          size="small"
          columns={INDEX_COLUMNS}
          dataSource={meta.indexes}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No indexes" /> }}
        />
      ),
    },
    {
      key: 'foreign-keys',
      label: `Foreign keys (${meta.foreignKeys.length})`,
      children: (
        <Table<ForeignKey>
          rowKey={(fk) => `${fk.name ?? ''}:${fk.constrained_columns.join(',')}`}
          size="small"
          columns={FOREIGN_KEY_COLUMNS}
          dataSource={meta.foreignKeys}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No foreign keys" /> }}
        />
      ),
    },
    { key: 'sql', label: 'SELECT *', children: <SelectStar args={args} fallback={meta.selectStar} /> },
    { key: 'extra', label: 'Extra metadata', children: <ExtraMetadata args={args} /> },
  ];

  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={8} wrap>
        <Typography.Title level={4} className="rama-table-title">
          {meta.name}
        </Typography.Title>
        {tableType && <Tag>{TABLE_TYPE_LABEL[tableType]}</Tag>}
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
