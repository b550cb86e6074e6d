/**
 * "Save as" (issue 12 part 4: save as a copy; spec section 7 POST /api/v1/dashboard/{id}/copy/ with
 * dashboard_title, css, duplicate_slices, json_metadata): a new dashboard with what this page shows
 * — its layout, CSS and colours, unsaved edits included — opened once it is made.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_MESSAGES, dashboardPath } from '@rama/shared';
import { useAppSelector, useToasts } from '../../core/hooks';
import { sharedText } from '../../i18n';
import { useCopyDashboardMutation } from '../../dashboards/dashboardPageApi';
import { selectLayout } from '../state/layoutSlice';
import { saveErrorMessage } from '../edit/saveDashboard';
import { copyBody, copyTitle } from './propertiesModel';
import './dialogs.css';

export interface SaveCopyModalProps {
  open: boolean;
  onClose: () => void;
}

interface Values {
  title: string;
  duplicateSlices: boolean;
}

export function SaveCopyModal({ open, onClose }: SaveCopyModalProps) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const { addSuccessToast } = useToasts();
  const info = useAppSelector((s) => s.dashboardInfo);
  const view = useAppSelector((s) => s.dashboardState);
  const layout = useAppSelector(selectLayout);
  const [copyDashboard, { isLoading }] = useCopyDashboardMutation();
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();

  const submit = async ({ title, duplicateSlices }: Values) => {
    setError(null);
    const body = copyBody({
      title,
      css: view.css,
      duplicateSlices,
      metadata: info.json_metadata,
      colorScheme: view.colorScheme,
      labelColors: view.labelColors,
      refreshFrequency: view.shouldPersistRefreshFrequency ? view.refreshFrequency : (info.json_metadata.refresh_frequency ?? 0),
      layout,
    });
    try {
      const reply = await copyDashboard({ id: info.id, body }).unwrap();
      addSuccessToast(sharedText('messages', DASHBOARD_MESSAGES.saved));
      onClose();
      void navigate(dashboardPath({ id: reply.result.id }));
    } catch (e) {
      setError(saveErrorMessage(e));
    }
  };

  return (
    <Modal
      open={open}
      title={t('saveAs.title')}
      width={600}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:save')}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        className="rama-dialog-form"
        initialValues={{ title: copyTitle(info.dashboard_title), duplicateSlices: false }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="title" label={t('common:name')} rules={[{ required: true, whitespace: true, message: t('saveAs.nameRequired') }]}>
          <Input maxLength={500} autoFocus data-test="save-as-title" />
        </Form.Item>
        <Form.Item name="duplicateSlices" valuePropName="checked" extra={t('saveAs.duplicateHelp')}>
          <Checkbox data-test="save-as-duplicate">{t('saveAs.duplicate')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
