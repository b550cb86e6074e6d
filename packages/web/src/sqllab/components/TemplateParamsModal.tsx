import { useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import { MODAL_DEFAULT_WIDTH, templateParamsError } from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { queryEditorChanged } from '../state/actions';
import { selectEditorById } from '../state/thunk';

/** Edit the tab's template parameters: a JSON object, checked as it is typed. */
export function TemplateParamsModal({ editorId, onClose }: { editorId: string; onClose(): void }) {
  const dispatch = useAppDispatch();
  const editor = useAppSelector((s) => selectEditorById(s, editorId));
  const [text, setText] = useState(editor?.templateParams ?? '');
  const error = templateParamsError(text);

  const handleOk = () => {
    if (error) return;
    dispatch(queryEditorChanged({ id: editorId, changes: { templateParams: text.trim() ? text : null }, now: Date.now() }));
    onClose();
  };

  return (
    <Modal
      open
      title="Template parameters"
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      onOk={handleOk}
      okText="Apply"
      okButtonProps={{ disabled: error !== null }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Values for Jinja templates in the query, as a JSON object. For example <Typography.Text code>{'{"min_delay": 30}'}</Typography.Text>{' '}
        fills <Typography.Text code>{'{{ min_delay }}'}</Typography.Text>.
      </Typography.Paragraph>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 8, maxRows: 20 }}
        className="rama-mono"
        aria-label="Template parameters JSON"
        status={error ? 'error' : undefined}
        placeholder="{}"
        autoFocus
      />
      {error && <Alert className="rama-sqllab-params-error" type="error" showIcon title={error} />}
    </Modal>
  );
}
