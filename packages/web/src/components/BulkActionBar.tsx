import type { ReactNode } from 'react';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { countOf } from './nouns';

interface BulkActionBarProps {
  count: number;
  /** [one, many]: "saved query", "saved queries" */
  noun: readonly [string, string];
  deleting: boolean;
  /** Left out when the user may not delete the selected rows (the bar then offers only `children`). */
  onDelete?: () => void;
  onClear: () => void;
  /** Other actions on the selection (e.g. export), before Delete. */
  children?: ReactNode;
}

/** Shown while rows are selected: how many, delete them (after a confirm), or clear the selection. */
export function BulkActionBar({ count, noun, deleting, onDelete, onClear, children }: BulkActionBarProps) {
  const { t } = useTranslation('components');
  if (count === 0) return null;
  const what = countOf(noun, count);
  return (
    <Flex align="center" gap={12} className="rama-bulk-bar" role="region" aria-label={t('bulk.region')}>
      <Typography.Text strong>{t('bulk.selected', { what })}</Typography.Text>
      {children}
      {onDelete && (
        <Popconfirm
          title={t('bulk.deleteTitle', { what })}
          description={t('common:deleteConfirmBody')}
          okText={t('common:delete')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button danger size="small" icon={<DeleteOutlined aria-hidden />} loading={deleting}>
            {t('bulk.deleteSelected')}
          </Button>
        </Popconfirm>
      )}
      <Button type="link" size="small" onClick={onClear}>
        {t('bulk.clear')}
      </Button>
    </Flex>
  );
}
