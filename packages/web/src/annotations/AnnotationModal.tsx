import { useState } from 'react';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODAL_DEFAULT_WIDTH } from '@rama/shared';
import { ErrorAlert } from '../components/ErrorAlert';
import { toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { useCreateAnnotationMutation, useUpdateAnnotationMutation, type AnnotationRecord } from './annotationApi';
import { annotationFormErrors, fromInputDttm, toInputDttm, type AnnotationFormValues } from './annotationForm';

/** A JSON example for the metadata field: code, the same in every language. */
const JSON_EXAMPLE = '{"key": "value"}';

/** The server's field names → the form's. */
const FORM_FIELD: Record<string, keyof AnnotationFormValues> = {
  short_descr: 'short_descr',
  long_descr: 'long_descr',
  start_dttm: 'start',
  end_dttm: 'end',
  json_metadata: 'json_metadata',
};

function AnnotationForm({ layerId, annotation, onClose }: { layerId: number; annotation: AnnotationRecord | null; onClose: () => void }) {
  const { t } = useTranslation('annotations');
  const [form] = Form.useForm<AnnotationFormValues>();
  const { addSuccessToast } = useToasts();
  const [create, createState] = useCreateAnnotationMutation();
  const [update, updateState] = useUpdateAnnotationMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const [failure, setFailure] = useState<ReturnType<typeof toClientError> | null>(null);

  const handleFinish = async (values: AnnotationFormValues) => {
    setFailure(null);
    const errors = annotationFormErrors(values);
    if (Object.keys(errors).length) {
      form.setFields(Object.entries(errors).map(([f, e]) => ({ name: f as keyof AnnotationFormValues, errors: [e] })));
      return;
    }
    const body = {
      short_descr: values.short_descr.trim(),
      long_descr: values.long_descr?.trim() || null,
      start_dttm: fromInputDttm(values.start),
      end_dttm: fromInputDttm(values.end),
      json_metadata: values.json_metadata?.trim() || null,
    };
    const result = annotation ? await update({ layerId, id: annotation.id, body }) : await create({ layerId, body });
    if (result.error) {
      const error = toClientError(result.error);
      const fields = Object.entries(error.fieldErrors ?? {}).filter(([f]) => f in FORM_FIELD);
      form.setFields(fields.map(([f, e]) => ({ name: FORM_FIELD[f], errors: e })));
      if (!fields.length) setFailure(error);
      return;
    }
    addSuccessToast(annotation ? t('updated', { name: body.short_descr }) : t('added', { name: body.short_descr }));
    onClose();
  };

  return (
    <Form<AnnotationFormValues>
      form={form}
      layout="vertical"
      initialValues={{
        short_descr: annotation?.short_descr ?? '',
        start: toInputDttm(annotation?.start_dttm),
        end: toInputDttm(annotation?.end_dttm),
        long_descr: annotation?.long_descr ?? '',
        json_metadata: annotation?.json_metadata ?? '',
      }}
      onFinish={(values) => void handleFinish(values)}
      onValuesChange={() => setFailure(null)}
      disabled={saving}
      requiredMark="optional"
    >
      <Form.Item
        name="short_descr"
        label={t('common:name')}
        rules={[{ required: true, whitespace: true, message: t('enterName') }, { max: 500 }]}
      >
        <Input autoFocus aria-label={t('annotationName')} />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item name="start" label={t('start')} rules={[{ required: true, message: t('chooseStart') }]} style={{ flex: 1 }}>
          <Input type="datetime-local" aria-label={t('start')} />
        </Form.Item>
        <Form.Item
          name="end"
          label={t('end')}
          extra={t('endExtra')}
          rules={[{ required: true, message: t('chooseEnd') }]}
          style={{ flex: 1 }}
        >
          <Input type="datetime-local" aria-label={t('end')} />
        </Form.Item>
      </Flex>
      <Form.Item name="long_descr" label={t('common:description')}>
        <Input.TextArea rows={3} aria-label={t('common:description')} />
      </Form.Item>
      <Form.Item name="json_metadata" label={t('jsonMetadata')}>
        <Input.TextArea rows={3} className="rama-mono" spellCheck={false} aria-label={t('jsonMetadata')} placeholder={JSON_EXAMPLE} />
      </Form.Item>
      {failure && <ErrorAlert error={failure} title={annotation ? t('annotationUpdateFailed') : t('annotationAddFailed')} />}
      <Flex justify="end" gap={8} className="rama-modal-footer">
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common:save')}
        </Button>
      </Flex>
    </Form>
  );
}

/** Add an annotation to a layer (`annotation` null) or edit one. Times are UTC, as chart times are. */
export function AnnotationModal({
  open,
  layerId,
  annotation,
  onClose,
}: {
  open: boolean;
  layerId: number;
  annotation: AnnotationRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('annotations');
  return (
    <Modal
      open={open}
      title={annotation ? t('editAnnotation') : t('addAnnotation')}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={null}
    >
      {open && <AnnotationForm key={annotation?.id ?? 'new'} layerId={layerId} annotation={annotation} onClose={onClose} />}
    </Modal>
  );
}
