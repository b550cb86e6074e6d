import type { ReactNode } from 'react';
import { Alert, Button, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeleteOutlined, DownOutlined, RightOutlined } from '@ant-design/icons';
import { SearchBox } from '../../components/ListParts';

/** Above a metrics or columns table: search, the count, and the tab's actions. */
export function EditorTableToolbar({
  search,
  onSearch,
  searchLabel,
  count,
  children,
}: {
  search: string;
  onSearch: (text: string) => void;
  searchLabel: string;
  count: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('datasets');
  return (
    <Flex className="rama-editor-toolbar" gap={8} wrap align="center" justify="space-between">
      <Flex gap={12} align="center">
        <SearchBox value={search} onChange={onSearch} placeholder={t('searchByName')} label={searchLabel} />
        <span className="rama-editor-count">{count}</span>
      </Flex>
      <Flex gap={8} wrap>
        {children}
      </Flex>
    </Flex>
  );
}

/** A message about the whole list (from the server), above the table. */
export function ListError({ error }: { error: string | undefined }) {
  return error ? <Alert className="rama-editor-list-error" type="error" showIcon title={error} /> : null;
}

/** The row's "more settings" toggle, named after the row. */
export function ExpandToggle({ expanded, name, onToggle }: { expanded: boolean; name: string; onToggle: () => void }) {
  const { t } = useTranslation('datasets');
  return (
    <Button
      type="text"
      size="small"
      icon={expanded ? <DownOutlined /> : <RightOutlined />}
      aria-label={t('moreSettingsOf', { name })}
      aria-expanded={expanded}
      onClick={onToggle}
    />
  );
}

export function RemoveRowButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  const { t } = useTranslation('datasets');
  return (
    <Tooltip title={t('common:delete')}>
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('deleteName', { name })} onClick={onRemove} />
    </Tooltip>
  );
}

/** Rows whose name or label holds the search text; rows without a name yet (just added) always show. */
export function matchesSearch(search: string, ...texts: string[]): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle || !texts[0]?.trim()) return true;
  return texts.some((text) => text.toLowerCase().includes(needle));
}
