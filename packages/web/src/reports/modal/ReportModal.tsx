/**
 * One modal for reports and alerts (issue 14 part 5): set one up from a dashboard's or a chart's
 * menu (the target fixed) or from the list page, or edit a saved one. Checked with the shared
 * rules before it is sent; the server's messages are shown on their fields.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Collapse, Divider, Flex, Form, Input, Modal, Select, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPORT_MESSAGES, type ReportDetail, type UserRef } from '@rama/shared';
import { toClientError } from '../../core/api';
import { useToasts } from '../../core/hooks';
import { sharedText, t as translate } from '../../i18n';
import { displayName, useSession } from '../../core/session';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useCreateReportMutation, useGetReportQuery, useReportRelatedOwnersQuery, useUpdateReportMutation } from '../reportApi';
import { browserTimezone } from '../reportDisplay';
import {
  byFormField,
  clearedServerErrors,
  creationMethodOf,
  isFormField,
  newReportForm,
  reportBody,
  reportFormErrors,
  reportFormFromDetail,
  reportModalTitle,
  type ReportContext,
  type ReportFormValues,
} from '../reportForm';
import { AdvancedFields } from './AdvancedFields';
import { AlertFields } from './AlertFields';
import { RecipientList } from './RecipientList';
import { ScheduleFields } from './ScheduleFields';
import { TargetFields } from './TargetFields';
import { fieldStatus, type SectionProps } from './fieldStatus';
import '../reports.css';

export interface ReportModalProps {
  context: ReportContext;
  /** the report to edit; null sets up a new one */
  reportId: number | null;
  onClose: () => void;
  /** after a save, before the modal closes */
  onSaved?: () => void;
}

const MODAL_WIDTH = 720;
/** what a failed save brings into view: the server's message, else the first field with one */
const FIRST_ERROR =
  '.rama-report-failure.ant-alert-error, .ant-form-item-has-error, .rama-report-recipient.is-invalid, .rama-report-recipients [role="alert"]';
const BODY_STYLE = { body: { maxHeight: 'calc(100vh - 240px)', overflowY: 'auto', paddingRight: 8 } } as const;

const personName = (u: UserRef) => [u.first_name, u.last_name].filter(Boolean).join(' ') || translate('reports:userN', { id: u.id });

/** Name, description, owners and whether it runs. */
function GeneralFields({ values, onChange, errors, savedOwners }: SectionProps & { savedOwners: UserRef[] }) {
  const { t } = useTranslation('reports');
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const owners = useReportRelatedOwnersQuery(useDebouncedValue(search, 300));
  const options = useMemo(() => {
    const names = new Map<number, string>([
      [user.id, displayName(user)],
      ...savedOwners.map((o): [number, string] => [o.id, personName(o)]),
    ]);
    for (const u of owners.data ?? []) names.set(u.value, u.text);
    return [...names].map(([value, label]) => ({ value, label }));
  }, [owners.data, savedOwners, user]);
  const nameStatus = fieldStatus(errors, 'name');
  const descriptionStatus = fieldStatus(errors, 'description');
  const ownersStatus = fieldStatus(errors, 'owners', t('ownersHelp'));

  return (
    <>
      <Form.Item label={t('common:name')} required htmlFor="report-name" {...nameStatus}>
        <Input id="report-name" maxLength={150} value={values.name} onChange={(e) => onChange({ name: e.target.value })} autoFocus />
      </Form.Item>
      <Form.Item label={t('common:description')} htmlFor="report-description" {...descriptionStatus}>
        <Input.TextArea
          id="report-description"
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={4000}
          value={values.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('common:owners')} htmlFor="report-owners" {...ownersStatus}>
        <Select<number[]>
          id="report-owners"
          aria-label={t('common:owners')}
          mode="multiple"
          options={options}
          value={values.owners}
          onChange={(ids) => onChange({ owners: ids })}
          showSearch={{ onSearch: setSearch, filterOption: false }}
          loading={owners.isFetching}
        />
      </Form.Item>
      <Form.Item>
        <Flex gap={8} align="center">
          <Switch checked={values.active} onChange={(active) => onChange({ active })} aria-label={t('status.active')} />
          <Typography.Text>{values.active ? t('activeHelp') : t('pausedHelp')}</Typography.Text>
        </Flex>
      </Form.Item>
    </>
  );
}

/** The form of a new report, or of a loaded one (`detail`). */
function ReportEditor({ context, detail, onClose, onSaved }: Omit<ReportModalProps, 'reportId'> & { detail: ReportDetail | null }) {
  const { t } = useTranslation('reports');
  const { user } = useSession();
  const { addSuccessToast } = useToasts();
  const [createReport, createState] = useCreateReportMutation();
  const [updateReport, updateState] = useUpdateReportMutation();
  const [values, setValues] = useState<ReportFormValues>(() =>
    detail ? reportFormFromDetail(detail) : newReportForm(context, { userId: user.id, timezone: browserTimezone() }),
  );
  // the rules' messages show once a save was tried; the server's until their field changes
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const ruleErrors = useMemo(() => reportFormErrors(values), [values]);
  const errors = { ...(submitted ? ruleErrors : {}), ...serverErrors };
  const isAlert = values.type === 'Alert';
  const snapshot = context.kind === 'dashboard' ? context.snapshot : null;

  const handleChange = (patch: Partial<ReportFormValues>) => {
    setValues((prev) => ({ ...prev, ...patch }));
    setServerErrors((prev) => clearedServerErrors(prev, Object.keys(patch) as (keyof ReportFormValues)[]));
  };

  const formRef = useRef<HTMLDivElement>(null);
  /** The first field with a message is brought into view: the form is longer than the modal. */
  const showFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector(FIRST_ERROR)?.scrollIntoView({ block: 'center' }));

  const handleSave = async () => {
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(ruleErrors).length > 0) {
      showFirstError();
      return;
    }
    const body = reportBody(values, context, detail?.creation_method ?? creationMethodOf(context));
    try {
      if (detail) {
        await updateReport({ id: detail.id, body }).unwrap();
        addSuccessToast(sharedText('messages', REPORT_MESSAGES.updated));
      } else {
        await createReport(body).unwrap();
        addSuccessToast(sharedText('messages', REPORT_MESSAGES.created));
      }
      onSaved?.();
      onClose();
    } catch (e) {
      const error = toClientError(e);
      const byField = byFormField(error.fieldErrors ?? {});
      const onFields = Object.entries(byField).filter(([field]) => isFormField(field));
      const elsewhere = Object.entries(byField).filter(([field]) => !isFormField(field));
      setServerErrors(Object.fromEntries(onFields));
      setFailure(onFields.length === 0 ? error.message : elsewhere.length > 0 ? elsewhere.map(([, m]) => m).join(' ') : null);
      showFirstError();
    }
  };

  const section = { values, onChange: handleChange, errors };
  const invalidCount = Object.keys(errors).length;

  return (
    <Modal
      open
      title={reportModalTitle(context, detail !== null, isAlert, values.recipients)}
      width={MODAL_WIDTH}
      styles={BODY_STYLE}
      onCancel={onClose}
      onOk={() => void handleSave()}
      okText={detail ? t('common:save') : t('common:add')}
      confirmLoading={createState.isLoading || updateState.isLoading}
      destroyOnHidden
      maskClosable={false}
    >
      <div ref={formRef}>
        <Form layout="vertical" className="rama-report-form" component="div" requiredMark>
          {failure && <Alert type="error" showIcon title={failure} className="rama-report-failure" />}
          {submitted && invalidCount > 0 && !failure && (
            <Alert type="warning" showIcon title={t('fieldsNeedChange')} className="rama-report-failure" />
          )}
          <GeneralFields {...section} savedOwners={detail?.owners ?? []} />
          {isAlert && (
            <>
              <Divider titlePlacement="start" className="rama-report-section">
                {t('alertCondition')}
              </Divider>
              <AlertFields {...section} />
            </>
          )}
          <Divider titlePlacement="start" className="rama-report-section">
            {t('content')}
          </Divider>
          <TargetFields
            {...section}
            context={context}
            savedTargetName={detail?.dashboard?.dashboard_title ?? detail?.chart?.slice_name ?? null}
          />
          <Divider titlePlacement="start" className="rama-report-section">
            {t('schedule')}
          </Divider>
          <ScheduleFields {...section} />
          <Divider titlePlacement="start" className="rama-report-section">
            {t('recipients')}
          </Divider>
          <RecipientList {...section} snapshot={snapshot} />
          <Collapse
            ghost
            className="rama-report-advanced"
            defaultActiveKey={
              ['working_timeout', 'grace_period', 'log_retention', 'custom_width'].some((f) => errors[f]) ? ['advanced'] : []
            }
            items={[{ key: 'advanced', label: t('advanced'), forceRender: true, children: <AdvancedFields {...section} /> }]}
          />
        </Form>
      </div>
    </Modal>
  );
}

export function ReportModal({ context, reportId, onClose, onSaved }: ReportModalProps) {
  const { t } = useTranslation('reports');
  const detail = useGetReportQuery(reportId ?? 0, { skip: reportId === null, refetchOnMountOrArgChange: true });
  if (reportId === null) return <ReportEditor context={context} detail={null} onClose={onClose} onSaved={onSaved} />;
  // the form starts from the report as it is now, not from a cached copy (another tab may have changed it)
  if (detail.currentData && !detail.isFetching)
    return <ReportEditor key={reportId} context={context} detail={detail.currentData} onClose={onClose} onSaved={onSaved} />;
  return (
    <Modal open title={reportModalTitle(context, true, false, [])} width={MODAL_WIDTH} onCancel={onClose} footer={null}>
      {detail.error ? (
        <ErrorAlert error={toClientError(detail.error)} title={t('reportLoadFailed')} />
      ) : (
        <Flex justify="center" className="rama-report-loading">
          <Spin />
        </Flex>
      )}
    </Modal>
  );
}
