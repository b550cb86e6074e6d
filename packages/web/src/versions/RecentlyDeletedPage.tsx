/**
 * "Recently deleted" (issue 30 item 1): the charts and dashboards deleted in the last
 * RAMA_VERSIONS_DELETED_DAYS, each with who deleted it and when its history goes; an admin brings
 * one back from its last version (a new object that keeps the old history).
 */
import { useState } from 'react';
import { Button, Modal, Table, Tabs, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import type { DeletedObject, RestorableDeletedType } from '@rama/shared';
import { errorMessage } from '../app/api';
import { useDocumentTitle, useToasts } from '../app/hooks';
import { formatDateTime, formatRelative } from '../components/format';
import { useListDeletedQuery, useRestoreDeletedMutation } from './versionApi';
import './versions.css';

const PAGE_SIZE = 25;
const LABEL: Record<RestorableDeletedType, string> = { chart: 'chart', dashboard: 'dashboard' };
const openPath = (type: RestorableDeletedType, id: number) => (type === 'chart' ? `/explore/?slice_id=${id}` : `/rama/dashboard/${id}/`);

function DeletedTable({ type }: { type: RestorableDeletedType }) {
  const [page, setPage] = useState(0);
  const list = useListDeletedQuery({ type, page, pageSize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const [restore, restoring] = useRestoreDeletedMutation();
  const [modal, holder] = Modal.useModal();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [restored, setRestored] = useState<{ id: number; title: string } | null>(null);

  const confirm = (row: DeletedObject) => {
    void modal.confirm({
      title: `Restore the ${LABEL[type]} "${row.title}"?`,
      content: `It comes back as it was at its last version (${row.version}), with its history.`,
      okText: 'Restore',
      onOk: async () => {
        try {
          const r = await restore({ type, id: row.id }).unwrap();
          addSuccessToast(`Restored "${row.title}"`);
          setRestored({ id: r.id, title: row.title });
        } catch (e) {
          addDangerToast(errorMessage(e));
        }
      },
    });
  };

  return (
    <>
      {holder}
      {restored && (
        <Typography.Paragraph>
          Restored: <Link to={openPath(type, restored.id)}>{restored.title}</Link>
        </Typography.Paragraph>
      )}
      {list.error && <Typography.Text type="danger">{errorMessage(list.error)}</Typography.Text>}
      <Table<DeletedObject>
        rowKey="id"
        size="middle"
        loading={list.isFetching || restoring.isLoading}
        dataSource={list.data?.result ?? []}
        locale={{ emptyText: `No ${LABEL[type]}s deleted recently` }}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: list.data?.count ?? 0, onChange: (p) => setPage(p - 1) }}
        columns={[
          { title: 'Name', dataIndex: 'title' },
          {
            title: 'Deleted',
            dataIndex: 'deleted_on',
            render: (v: string) => (
              <Tooltip title={formatDateTime(v)}>
                <span>{formatRelative(v)}</span>
              </Tooltip>
            ),
          },
          {
            title: 'Deleted by',
            key: 'by',
            render: (_: unknown, r: DeletedObject) => (r.deleted_by ? `${r.deleted_by.first_name} ${r.deleted_by.last_name}` : '—'),
          },
          { title: 'History kept until', dataIndex: 'expires_on', render: (v: string) => formatDateTime(v) },
          {
            title: '',
            key: 'restore',
            render: (_: unknown, r: DeletedObject) => (
              <Button size="small" onClick={() => confirm(r)} data-test={`restore-deleted-${r.id}`}>
                Restore
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

export function RecentlyDeletedPage() {
  useDocumentTitle('Recently deleted');
  return (
    <div className="rama-page" data-test="recently-deleted">
      <Typography.Title level={3}>Recently deleted</Typography.Title>
      <Tabs
        items={[
          { key: 'dashboard', label: 'Dashboards', children: <DeletedTable type="dashboard" /> },
          { key: 'chart', label: 'Charts', children: <DeletedTable type="chart" /> },
        ]}
      />
    </div>
  );
}
