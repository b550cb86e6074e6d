import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODAL_DEFAULT_WIDTH } from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { saveQuery, updateQuery } from '../state/savedQueryThunks';
import { selectEditorById } from '../state/thunk';

/** Save the tab as a saved query, or update the one it came from (or save it as new). */
export function SaveQueryModal({ editorId, onClose }: { editorId: string; onClose(): void }) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const editor = useAppSelector((s) => selectEditorById(s, editorId));
  const [label, setLabel] = useState(editor?.name ?? '');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  if (!editor) return null;
  const isUpdate = editor.remoteId !== null;
  const valid = label.trim().length > 0;

  const handleSave = async (asNew: boolean) => {
    if (!valid) return;
    setBusy(true);
    const fields = { label, description };
    const ok = await dispatch(isUpdate && !asNew ? updateQuery(editorId, fields) : saveQuery(editorId, fields));
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Modal
      open
      title={isUpdate ? t('save.updateTitle') : t('save.title')}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common:cancel')}
        </Button>,
        isUpdate ? (
          <Button key="new" onClick={() => void handleSave(true)} disabled={!valid || busy}>
            {t('save.asNew')}
          </Button>
        ) : null,
        <Button key="save" type="primary" loading={busy} disabled={!valid} onClick={() => void handleSave(false)}>
          {isUpdate ? t('toolbar.update') : t('common:save')}
        </Button>,
      ]}
    >
      <Form layout="vertical" onFinish={() => void handleSave(false)}>
        <Form.Item
          label={t('common:name')}
          required
          validateStatus={valid ? undefined : 'error'}
          help={valid ? undefined : t('save.nameRequired')}
        >
          <Input autoFocus value={label} onChange={(e) => setLabel(e.target.value)} maxLength={256} aria-label={t('common:name')} />
        </Form.Item>
        <Form.Item label={t('common:description')}>
          <Input.TextArea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            autoSize={{ minRows: 3, maxRows: 8 }}
            aria-label={t('common:description')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
