import type { ReactNode } from 'react';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';

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
  if (count === 0) return null;
  const what = `${count} ${count === 1 ? noun[0] : noun[1]}`;
  return (
    <Flex align="center" gap={12} className="rama-bulk-bar" role="region" aria-label="Bulk actions">
      <Typography.Text strong>{what} selected</Typography.Text>
      {children}
      {onDelete && (
        <Popconfirm
          title={`Delete ${what}?`}
          description="This cannot be undone."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button danger size="small" icon={<DeleteOutlined aria-hidden />} loading={deleting}>
            Delete selected
          </Button>
        </Popconfirm>
      )}
      <Button type="link" size="small" onClick={onClear}>
        Clear selection
      </Button>
    </Flex>
  );
}
