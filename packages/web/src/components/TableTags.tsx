import { Flex, Tag, Tooltip } from 'antd';

export interface TableRef {
  catalog: string | null;
  schema: string | null;
  table: string;
}

const SHOWN = 3;

function tableName(ref: TableRef): string {
  return [ref.schema, ref.table].filter(Boolean).join('.');
}

/** The tables a query reads, as tags: the first few, then "+N" with the rest on hover. */
export function TableTags({ tables }: { tables: TableRef[] }) {
  if (!tables.length) return <span className="rama-empty-value">—</span>;
  const names = [...new Set(tables.map(tableName))];
  const rest = names.slice(SHOWN);
  return (
    <Flex gap={4} wrap className="rama-table-tags">
      {names.slice(0, SHOWN).map((name) => (
        <Tag key={name} className="rama-table-tag" title={name}>
          {name}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join(', ')}>
          <Tag className="rama-table-tag" aria-label={`${rest.length} more: ${rest.join(', ')}`}>
            +{rest.length}
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}
