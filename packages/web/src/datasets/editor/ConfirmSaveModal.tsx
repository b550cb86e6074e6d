import { useState } from 'react';
import { Alert, Checkbox, Flex, Modal, Typography } from 'antd';
import { MODAL_DEFAULT_WIDTH } from '@rama/shared';

interface ConfirmSaveModalProps {
  open: boolean;
  saving: boolean;
  /** `overrideColumns`: read the columns from the new source as the dataset is saved. */
  onConfirm: (overrideColumns: boolean) => void;
  onCancel: () => void;
}

/** Asked before saving a changed source, which every chart on the dataset reads from. */
export function ConfirmSaveModal({ open, saving, onConfirm, onCancel }: ConfirmSaveModalProps) {
  const [syncColumns, setSyncColumns] = useState(true);
  return (
    <Modal
      open={open}
      title="Confirm save"
      width={MODAL_DEFAULT_WIDTH}
      okText="Save"
      onOk={() => onConfirm(syncColumns)}
      onCancel={onCancel}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Alert
          type="warning"
          title="The dataset's source changed. This affects every chart built on this dataset; charts that use columns the new source lacks will fail."
        />
        <Checkbox checked={syncColumns} onChange={(event) => setSyncColumns(event.target.checked)}>
          Sync the columns from the new source
        </Checkbox>
        <Typography.Text>Are you sure you want to save and apply changes?</Typography.Text>
      </Flex>
    </Modal>
  );
}
