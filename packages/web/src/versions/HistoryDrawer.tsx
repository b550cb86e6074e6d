/**
 * The "History" panel (issue 30 item 1) of a chart, dashboard, dataset or saved query: its
 * versions (who, when, what changed), a read-only preview of one, two compared side by side, and
 * restore with a confirmation. A restore is itself a new version, so it can be undone here too.
 */
import { useState } from 'react';
import { Button, Drawer, Modal, Space, Spin, Table, Tooltip, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { VersionDetail, VersionListItem, VersionedType } from '@rama/shared';
import { errorMessage } from '../core/api';
import { useToasts } from '../core/hooks';
import { formatDateTime, formatRelative } from '../components/format';
import { CompareView } from './CompareView';
import { useGetVersionQuery, useListVersionsQuery, useRestoreVersionMutation } from './versionApi';
import { summaryText } from './summaryText';
import { VersionPreview } from './VersionPreview';
import './versions.css';

export interface HistoryDrawerProps {
  type: VersionedType;
  id: number;
  open: boolean;
  onClose: () => void;
  /** owners and admins: the server checks it again */
  canRestore: boolean;
  /** after a restore: the page reloads the object */
  onRestored?: (version: number) => void;
  /** a page that can draw a version itself (a dashboard's layout with today's data) */
  onPreview?: (version: number) => void;
  /** a dashboard's charts by id, so the compare view names the charts a layout moved */
  chartNames?: Readonly<Record<number, string>>;
}

const who = (v: VersionListItem) => (v.created_by ? `${v.created_by.first_name} ${v.created_by.last_name}`.trim() : '—');

function VersionModal({
  type,
  id,
  versions,
  mode,
  onClose,
  chartNames,
}: {
  type: VersionedType;
  id: number;
  versions: number[];
  mode: 'preview' | 'compare';
  onClose: () => void;
  chartNames?: Readonly<Record<number, string>>;
}) {
  const { t } = useTranslation('versions');
  const [older, newer] = [...versions].sort((a, b) => a - b);
  const left = useGetVersionQuery({ type, id, version: older });
  const right = useGetVersionQuery(mode === 'compare' ? { type, id, version: newer } : { type, id, version: older });
  const loading = left.isLoading || right.isLoading;
  const failed = left.error ?? right.error;
  const title = mode === 'compare' ? t('compareTitle', { older, newer }) : t('previewTitle', { version: older });
  return (
    <Modal open title={title} width={mode === 'compare' ? 1100 : 800} onCancel={onClose} footer={null} destroyOnHidden>
      {loading && <Spin />}
      {failed && <Typography.Text type="danger">{errorMessage(failed)}</Typography.Text>}
      {left.data && right.data && mode === 'compare' && (
        <CompareView type={type} left={left.data} right={right.data} chartNames={chartNames} />
      )}
      {left.data && mode === 'preview' && <VersionPreview type={type} version={left.data as VersionDetail} />}
    </Modal>
  );
}

export function HistoryDrawer({ type, id, open, onClose, canRestore, onRestored, onPreview, chartNames }: HistoryDrawerProps) {
  const { t } = useTranslation('versions');
  const list = useListVersionsQuery({ type, id }, { skip: !open, refetchOnMountOrArgChange: true });
  const [restore, restoring] = useRestoreVersionMutation();
  const [selected, setSelected] = useState<number[]>([]);
  const [shown, setShown] = useState<{ mode: 'preview' | 'compare'; versions: number[] } | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const { addSuccessToast, addDangerToast } = useToasts();
  const rows = list.data?.result ?? [];
  const latest = rows[0]?.version ?? 0;

  const confirmRestore = (version: number) => {
    void modal.confirm({
      title: t('restoreTitle', { version }),
      content: t('restoreContent', { next: latest + 1, current: latest }),
      okText: t('restore'),
      onOk: async () => {
        try {
          const r = await restore({ type, id, version }).unwrap();
          addSuccessToast(t('restored', { version, newVersion: r.version }));
          setSelected([]);
          onRestored?.(r.version);
        } catch (e) {
          addDangerToast(errorMessage(e));
        }
      },
    });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={760}
      title={
        <Space>
          <HistoryOutlined />
          {t('history')}
        </Space>
      }
      extra={
        <Tooltip title={t('compareHint')}>
          <Button
            disabled={selected.length !== 2}
            onClick={() => setShown({ mode: 'compare', versions: selected })}
            data-test="version-compare-button"
          >
            {t('compare')}
          </Button>
        </Tooltip>
      }
      data-test="history-panel"
    >
      {modalHolder}
      {list.error && <Typography.Text type="danger">{errorMessage(list.error)}</Typography.Text>}
      <Table<VersionListItem>
        size="small"
        rowKey="version"
        loading={list.isFetching || restoring.isLoading}
        dataSource={rows}
        pagination={false}
        rowSelection={{
          selectedRowKeys: selected,
          hideSelectAll: true,
          onChange: (keys) => setSelected((keys as number[]).slice(-2)),
          getTitleCheckboxProps: () => ({ 'aria-label': t('selectVersions') }),
        }}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('version'), dataIndex: 'version', width: 80 },
          {
            title: t('when'),
            dataIndex: 'created_on',
            width: 130,
            render: (v: string) => (
              <Tooltip title={formatDateTime(v)}>
                <span>{formatRelative(v)}</span>
              </Tooltip>
            ),
          },
          { title: t('who'), key: 'who', width: 130, render: (_: unknown, v: VersionListItem) => who(v) },
          {
            title: t('whatChanged'),
            dataIndex: 'summary',
            render: (s: string) => <span data-test="version-summary">{summaryText(s)}</span>,
          },
          {
            title: '',
            key: 'actions',
            width: 150,
            render: (_: unknown, v: VersionListItem) => (
              <Space size={4}>
                <Button
                  size="small"
                  type="link"
                  onClick={() => (onPreview ? onPreview(v.version) : setShown({ mode: 'preview', versions: [v.version] }))}
                >
                  {t('common:preview')}
                </Button>
                {canRestore && v.version !== latest && (
                  <Button size="small" type="link" onClick={() => confirmRestore(v.version)} data-test={`restore-version-${v.version}`}>
                    {t('restore')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {shown && (
        <VersionModal
          type={type}
          id={id}
          versions={shown.versions}
          mode={shown.mode}
          onClose={() => setShown(null)}
          chartNames={chartNames}
        />
      )}
    </Drawer>
  );
}
