import { useEffect, useState } from 'react';
import { Alert, Checkbox, Divider, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODAL_DEFAULT_WIDTH, isRunnableSchedule, parseSavedQuerySchedule, type SavedQuerySchedule } from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { ScheduleFields } from '../../reports/modal/ScheduleFields';
import { RecipientList } from '../../reports/modal/RecipientList';
import { browserTimezone } from '../../reports/reportDisplay';
import { isPresetSchedule, newRecipient, newReportForm, type RecipientDraft, type ReportFormValues } from '../../reports/reportForm';
import * as api from '../state/sqlLabApi';
import { sharedText } from '../../i18n';
import { dialogErrors, scheduleInfoOf } from './scheduleQueryForm';
import { scheduleQuery } from '../state/savedQueryThunks';
import { selectEditorById } from '../state/thunk';
import { useCanScheduleQuery } from './useCanScheduleQuery';
import '../../reports/reports.css';

/** The dialog's recipients from a stored schedule. */
function draftsOf(schedule: SavedQuerySchedule): RecipientDraft[] {
  return schedule.recipients.map((r) => ({
    ...newRecipient(r.type),
    target: r.recipient_config_json.target,
    ccTarget: r.recipient_config_json.ccTarget ?? '',
    bccTarget: r.recipient_config_json.bccTarget ?? '',
  }));
}

/**
 * Schedule a query (issue 26 item 6): name, description, the schedule (common choices or cron, and
 * its time zone), who gets the result (email, Slack, webhook, as a report's recipients) and
 * whether the message shows it as a table; the CSV is always attached. The query is saved with it
 * and the server runs it on the report scheduler as the query's owner.
 */
export function ScheduleQueryModal({ editorId, onClose }: { editorId: string; onClose(): void }) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const editor = useAppSelector((s) => selectEditorById(s, editorId));
  const [label, setLabel] = useState(editor?.name ?? '');
  const [description, setDescription] = useState('');
  const [values, setValues] = useState<ReportFormValues>(() => ({
    ...newReportForm({ kind: 'chart', id: 0, title: '' }, { userId: 0, timezone: browserTimezone() }),
    recipients: [newRecipient('Email')],
  }));
  const [includeTable, setIncludeTable] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const remoteId = editor?.remoteId ?? null;
  const canSchedule = useCanScheduleQuery();

  // a query scheduled before opens with its schedule
  useEffect(() => {
    if (remoteId === null) return;
    let live = true;
    api
      .getSavedQuery(remoteId)
      .then(({ result }) => {
        const info: unknown = (JSON.parse(result.extra_json || '{}') as { schedule_info?: unknown }).schedule_info;
        if (!live) return;
        setDescription(result.description ?? '');
        if (!isRunnableSchedule(info)) return;
        const { schedule } = parseSavedQuerySchedule(info);
        if (!schedule) return;
        setValues((v) => ({
          ...v,
          crontab: schedule.crontab,
          customSchedule: !isPresetSchedule(schedule.crontab),
          timezone: schedule.timezone,
          recipients: draftsOf(schedule),
        }));
        setIncludeTable(schedule.include_table);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [remoteId]);

  if (!editor) return null;

  const checked = parseSavedQuerySchedule(scheduleInfoOf(values, includeTable));
  const labelError = label.trim() ? null : t('schedule.nameRequired');
  const errors = { ...(touched ? dialogErrors(checked.errors) : {}), ...serverErrors };
  const change = (patch: Partial<ReportFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors({});
    setFailure(null);
  };

  const handleOk = async () => {
    setTouched(true);
    if (!checked.schedule || labelError) return;
    setBusy(true);
    const outcome = await dispatch(scheduleQuery(editorId, { label, description, schedule: checked.schedule }));
    setBusy(false);
    if (outcome.ok) return onClose();
    const byField = outcome.fieldErrors ? dialogErrors(outcome.fieldErrors) : {};
    setServerErrors(byField);
    const shown = new Set(['crontab', 'timezone', 'recipients', 'label']);
    const elsewhere = Object.entries(byField).filter(([k]) => !shown.has(k) && !/^recipients\.\d+$/.test(k));
    setFailure(
      outcome.fieldErrors ? (elsewhere.length ? elsewhere.map(([, m]) => m).join(' ') : null) : sharedText('messages', outcome.message),
    );
  };
  const labelMessage = (touched && labelError) || errors.label;

  return (
    <Modal
      open
      title={t('toolbar.schedule')}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      onOk={() => void handleOk()}
      okText={t('schedule.ok')}
      okButtonProps={{ disabled: !canSchedule }}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('schedule.intro')}</Typography.Paragraph>
      {!canSchedule && <Alert type="info" showIcon title={t('schedule.notAllowed')} className="rama-schedule-query-error" />}
      {failure && <Alert type="error" showIcon title={failure} className="rama-schedule-query-error" />}
      <Form layout="vertical">
        <Form.Item
          label={t('common:name')}
          required
          htmlFor="schedule-query-name"
          validateStatus={labelMessage ? 'error' : undefined}
          help={labelMessage || undefined}
        >
          <Input
            id="schedule-query-name"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            aria-label={t('common:name')}
            maxLength={256}
          />
        </Form.Item>
        <Form.Item label={t('common:description')} htmlFor="schedule-query-description">
          <Input.TextArea
            id="schedule-query-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-label={t('common:description')}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={10_000}
          />
        </Form.Item>
        <Divider titlePlacement="start" className="rama-report-section">
          {t('schedule.when')}
        </Divider>
        <ScheduleFields values={values} onChange={change} errors={errors} />
        <Divider titlePlacement="start" className="rama-report-section">
          {t('schedule.who')}
        </Divider>
        <RecipientList values={values} onChange={change} errors={errors} snapshot={null} />
        <Form.Item className="rama-schedule-query-table">
          <Checkbox checked={includeTable} onChange={(e) => setIncludeTable(e.target.checked)}>
            {t('schedule.includeTable')}
          </Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
