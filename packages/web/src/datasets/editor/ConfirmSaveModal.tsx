import { useState } from 'react';
import { Alert, Checkbox, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('datasets');
  const [syncColumns, setSyncColumns] = useState(true);
  return (
    <Modal
      open={open}
      title={t('confirm.title')}
      width={MODAL_DEFAULT_WIDTH}
      okText={t('common:save')}
      onOk={() => onConfirm(syncColumns)}
      onCancel={onCancel}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Alert type="warning" title={t('confirm.warning')} />
        <Checkbox checked={syncColumns} onChange={(event) => setSyncColumns(event.target.checked)}>
          {t('confirm.syncColumns')}
        </Checkbox>
        <Typography.Text>{t('confirm.question')}</Typography.Text>
      </Flex>
    </Modal>
  );
}
