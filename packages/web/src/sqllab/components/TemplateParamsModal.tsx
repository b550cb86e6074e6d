import { useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import { MODAL_DEFAULT_WIDTH } from '@rama/shared';
import { useTranslation } from 'react-i18next';
import { Slotted, SLOT } from '../../i18n/Slotted';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { queryEditorChanged } from '../state/actions';
import { selectEditorById } from '../state/thunk';
import { templateParamsErrorText } from './templateParamsErrorText';

/** The help's example: a JSON object and the Jinja placeholder it fills (code, not words). */
const EXAMPLE_JSON = '{"min_delay": 30}';
const EXAMPLE_PLACEHOLDER = '{{ min_delay }}';

/** Edit the tab's template parameters: a JSON object, checked as it is typed. */
export function TemplateParamsModal({ editorId, onClose }: { editorId: string; onClose(): void }) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const editor = useAppSelector((s) => selectEditorById(s, editorId));
  const [text, setText] = useState(editor?.templateParams ?? '');
  const error = templateParamsErrorText(text);

  const handleOk = () => {
    if (error) return;
    dispatch(queryEditorChanged({ id: editorId, changes: { templateParams: text.trim() ? text : null }, now: Date.now() }));
    onClose();
  };

  return (
    <Modal
      open
      title={t('toolbar.params')}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      onOk={handleOk}
      okText={t('common:apply')}
      okButtonProps={{ disabled: error !== null }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        <Slotted text={t('params.help', { example: SLOT, placeholder: SLOT })}>
          <Typography.Text code>{EXAMPLE_JSON}</Typography.Text>
          <Typography.Text code>{EXAMPLE_PLACEHOLDER}</Typography.Text>
        </Slotted>
      </Typography.Paragraph>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 8, maxRows: 20 }}
        className="rama-mono"
        aria-label={t('params.ariaLabel')}
        status={error ? 'error' : undefined}
        placeholder="{}"
        autoFocus
      />
      {error && <Alert className="rama-sqllab-params-error" type="error" showIcon title={error} />}
    </Modal>
  );
}
