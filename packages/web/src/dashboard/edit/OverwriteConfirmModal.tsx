/**
 * Spec section 4 "Overwrite confirmation" / section 5 'Please confirm the overwrite values.': the
 * dashboard was saved by someone else after this page loaded it; each field whose saved value
 * differs from the one about to be written is listed, theirs beside ours.
 */
import { Alert, Collapse, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_MESSAGES } from '@rama/shared';
import { formatDateTime, formatRelative } from '../../components/format';
import { sharedText } from '../../i18n';
import type { OverwriteConfirmMetadata } from '../state/dashboardStateSlice';
import { overwriteLabel } from './savePayload';
import './edit.css';

interface OverwriteConfirmModalProps {
  pending: OverwriteConfirmMetadata;
  saving: boolean;
  onOverwrite: () => void;
  onCancel: () => void;
}

export function OverwriteConfirmModal({ pending, saving, onOverwrite, onCancel }: OverwriteConfirmModalProps) {
  const { t } = useTranslation('dashboard');
  const when = pending.updatedAt ? formatRelative(pending.updatedAt) : '';
  return (
    <Modal
      open
      title={t('overwrite.title')}
      width={800}
      okText={t('overwrite.ok')}
      okButtonProps={{ danger: true }}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      onOk={onOverwrite}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title={sharedText('messages', DASHBOARD_MESSAGES.confirmOverwrite)}
        description={
          when ? (
            <span title={formatDateTime(pending.updatedAt)}>
              {pending.updatedBy ? t('overwrite.changedWhenBy', { when, name: pending.updatedBy }) : t('overwrite.changedWhen', { when })}
            </span>
          ) : (
            t('overwrite.changed')
          )
        }
        style={{ marginBottom: 16 }}
      />
      <Collapse
        className="rama-overwrite-list"
        size="small"
        defaultActiveKey={pending.overwriteConfirmItems.length <= 3 ? pending.overwriteConfirmItems.map((i) => i.keyPath) : []}
        items={pending.overwriteConfirmItems.map((item) => ({
          key: item.keyPath,
          label: <Typography.Text strong>{overwriteLabel(item.keyPath)}</Typography.Text>,
          children: (
            <div className="rama-overwrite-item-values">
              <div>
                <span className="rama-overwrite-value-label">{t('overwrite.savedNow')}</span>
                <pre className="rama-overwrite-value rama-overwrite-value--old">{item.oldValue}</pre>
              </div>
              <div>
                <span className="rama-overwrite-value-label">{t('overwrite.yours')}</span>
                <pre className="rama-overwrite-value rama-overwrite-value--new">{item.newValue}</pre>
              </div>
            </div>
          ),
        }))}
      />
    </Modal>
  );
}
