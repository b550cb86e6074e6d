/**
 * "Recently deleted" (issue 30 item 1): the charts and dashboards deleted in the last
 * RAMA_VERSIONS_DELETED_DAYS, each with who deleted it and when its history goes; an admin brings
 * one back from its last version (a new object that keeps the old history).
 */
import { useState } from 'react';
import { Button, Modal, Table, Tabs, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DeletedObject, RestorableDeletedType } from '@rama/shared';
import { errorMessage } from '../core/api';
import { useDocumentTitle, useToasts } from '../core/hooks';
import { formatDateTime, formatRelative } from '../components/format';
import { SLOT, Slotted } from '../i18n/Slotted';
import { useListDeletedQuery, useRestoreDeletedMutation } from './versionApi';
import './versions.css';

const PAGE_SIZE = 25;
const openPath = (type: RestorableDeletedType, id: number) => (type === 'chart' ? `/explore/?slice_id=${id}` : `/rama/dashboard/${id}/`);

function DeletedTable({ type }: { type: RestorableDeletedType }) {
  const { t } = useTranslation('versions');
  const [page, setPage] = useState(0);
  const list = useListDeletedQuery({ type, page, pageSize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const [restore, restoring] = useRestoreDeletedMutation();
  const [modal, holder] = Modal.useModal();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [restored, setRestored] = useState<{ id: number; title: string } | null>(null);

  const confirm = (row: DeletedObject) => {
    void modal.confirm({
      title: t('restoreDeletedTitle', { type, title: row.title }),
      content: t('restoreDeletedContent', { version: row.version }),
      okText: t('restore'),
      onOk: async () => {
        try {
          const r = await restore({ type, id: row.id }).unwrap();
          addSuccessToast(t('restoredDeleted', { title: row.title }));
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
          <Slotted text={t('restoredLink', { title: SLOT })}>
            <Link to={openPath(type, restored.id)}>{restored.title}</Link>
          </Slotted>
        </Typography.Paragraph>
      )}
      {list.error && <Typography.Text type="danger">{errorMessage(list.error)}</Typography.Text>}
      <Table<DeletedObject>
        rowKey="id"
        size="middle"
        loading={list.isFetching || restoring.isLoading}
        dataSource={list.data?.result ?? []}
        locale={{ emptyText: t('noneDeleted', { type }) }}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: list.data?.count ?? 0, onChange: (p) => setPage(p - 1) }}
        columns={[
          { title: t('common:name'), dataIndex: 'title' },
          {
            title: t('deleted'),
            dataIndex: 'deleted_on',
            render: (v: string) => (
              <Tooltip title={formatDateTime(v)}>
                <span>{formatRelative(v)}</span>
              </Tooltip>
            ),
          },
          {
            title: t('deletedBy'),
            key: 'by',
            render: (_: unknown, r: DeletedObject) => (r.deleted_by ? `${r.deleted_by.first_name} ${r.deleted_by.last_name}` : '—'),
          },
          { title: t('historyKeptUntil'), dataIndex: 'expires_on', render: (v: string) => formatDateTime(v) },
          {
            title: '',
            key: 'restore',
            render: (_: unknown, r: DeletedObject) => (
              <Button size="small" onClick={() => confirm(r)} data-test={`restore-deleted-${r.id}`}>
                {t('restore')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

export function RecentlyDeletedPage() {
  const { t } = useTranslation('versions');
  useDocumentTitle(t('recentlyDeleted'));
  return (
    <div className="rama-page" data-test="recently-deleted">
      <Typography.Title level={3}>{t('recentlyDeleted')}</Typography.Title>
      <Tabs
        items={[
          { key: 'dashboard', label: t('dashboards'), children: <DeletedTable type="dashboard" /> },
          { key: 'chart', label: t('charts'), children: <DeletedTable type="chart" /> },
        ]}
      />
    </div>
  );
}
