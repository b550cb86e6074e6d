/**
 * Spec section 4 "Overwrite confirmation" / section 5 'Please confirm the overwrite values.': the
 * dashboard was saved by someone else after this page loaded it; each field whose saved value
 * differs from the one about to be written is listed, theirs beside ours.
 */
import { Alert, Collapse, Modal, Typography } from 'antd';
import { DASHBOARD_MESSAGES } from '@rama/shared';
import { formatDateTime, formatRelative } from '../../components/format';
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
  const when = pending.updatedAt ? formatRelative(pending.updatedAt) : '';
  const by = pending.updatedBy ? ` by ${pending.updatedBy}` : '';
  return (
    <Modal
      open
      title="Confirm overwrite"
      width={800}
      okText="Overwrite"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={onOverwrite}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title={DASHBOARD_MESSAGES.confirmOverwrite}
        description={
          when ? (
            <span title={formatDateTime(pending.updatedAt)}>
              This dashboard was changed {when}
              {by} after you opened it. Saving replaces these values with yours.
            </span>
          ) : (
            'This dashboard was changed after you opened it. Saving replaces these values with yours.'
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
                <span className="rama-overwrite-value-label">Saved now</span>
                <pre className="rama-overwrite-value rama-overwrite-value--old">{item.oldValue}</pre>
              </div>
              <div>
                <span className="rama-overwrite-value-label">Yours</span>
                <pre className="rama-overwrite-value rama-overwrite-value--new">{item.newValue}</pre>
              </div>
            </div>
          ),
        }))}
      />
    </Modal>
  );
}
