import { useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { crontabError, MODAL_DEFAULT_WIDTH, parseRecipients } from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { scheduleQuery } from '../state/savedQueryThunks';
import { selectEditorById } from '../state/thunk';

/** A schedule (crontab and recipients) kept in the saved query's extra_json.schedule_info. */
export function ScheduleQueryModal({ editorId, onClose }: { editorId: string; onClose(): void }) {
  const dispatch = useAppDispatch();
  const editor = useAppSelector((s) => selectEditorById(s, editorId));
  const [label, setLabel] = useState(editor?.name ?? '');
  const [description, setDescription] = useState('');
  const [crontab, setCrontab] = useState('0 8 * * 1');
  const [recipients, setRecipients] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!editor) return null;

  const cronError = crontabError(crontab);
  const parsed = parseRecipients(recipients);
  const recipientsError = parsed.invalid.length
    ? `Not an e-mail address: ${parsed.invalid.join(', ')}`
    : parsed.emails.length
      ? null
      : 'Add at least one recipient';
  const labelError = label.trim() ? null : 'A scheduled query needs a name';
  const valid = !cronError && !recipientsError && !labelError;

  const handleOk = async () => {
    setTouched(true);
    if (!valid) return;
    setBusy(true);
    const ok = await dispatch(scheduleQuery(editorId, { label, description, crontab, recipients: parsed.emails }));
    setBusy(false);
    if (ok) onClose();
  };
  const status = (error: string | null) => (touched && error ? 'error' : undefined);

  return (
    <Modal
      open
      title="Schedule query"
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      onOk={() => void handleOk()}
      okText="Schedule"
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        The query is saved with its schedule; scheduled queries are listed in Saved queries.
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="Name" required validateStatus={status(labelError)} help={touched ? labelError : undefined}>
          <Input value={label} onChange={(e) => setLabel(e.target.value)} aria-label="Name" maxLength={256} />
        </Form.Item>
        <Form.Item label="Description">
          <Input value={description} onChange={(e) => setDescription(e.target.value)} aria-label="Description" />
        </Form.Item>
        <Form.Item
          label="Schedule (crontab)"
          required
          validateStatus={status(cronError)}
          help={touched && cronError ? cronError : 'minute hour day-of-month month day-of-week, e.g. 0 8 * * 1 for Mondays at 08:00'}
        >
          <Input value={crontab} onChange={(e) => setCrontab(e.target.value)} className="rama-mono" aria-label="Schedule (crontab)" />
        </Form.Item>
        <Form.Item
          label="Recipients"
          required
          validateStatus={status(recipientsError)}
          help={touched && recipientsError ? recipientsError : 'E-mail addresses, separated by commas'}
        >
          <Input
            value={recipients}
            onChange={(e) => setRecipients(e.target.value)}
            aria-label="Recipients"
            placeholder="analyst@example.com"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
