import { useState } from 'react';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { MODAL_DEFAULT_WIDTH } from '@rama/shared';
import { ErrorAlert } from '../components/ErrorAlert';
import { toClientError } from '../app/api';
import { useToasts } from '../app/hooks';
import { useCreateAnnotationMutation, useUpdateAnnotationMutation, type AnnotationRecord } from './annotationApi';
import { annotationFormErrors, fromInputDttm, toInputDttm, type AnnotationFormValues } from './annotationForm';

/** The server's field names → the form's. */
const FORM_FIELD: Record<string, keyof AnnotationFormValues> = {
  short_descr: 'short_descr',
  long_descr: 'long_descr',
  start_dttm: 'start',
  end_dttm: 'end',
  json_metadata: 'json_metadata',
};

function AnnotationForm({ layerId, annotation, onClose }: { layerId: number; annotation: AnnotationRecord | null; onClose: () => void }) {
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
    addSuccessToast(annotation ? `Updated ${body.short_descr}` : `Added ${body.short_descr}`);
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
      <Form.Item name="short_descr" label="Name" rules={[{ required: true, whitespace: true, message: 'Enter a name' }, { max: 500 }]}>
        <Input autoFocus aria-label="Annotation name" />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item name="start" label="Start" rules={[{ required: true, message: 'Choose the start' }]} style={{ flex: 1 }}>
          <Input type="datetime-local" aria-label="Start" />
        </Form.Item>
        <Form.Item
          name="end"
          label="End"
          extra="The same as the start for an event"
          rules={[{ required: true, message: 'Choose the end' }]}
          style={{ flex: 1 }}
        >
          <Input type="datetime-local" aria-label="End" />
        </Form.Item>
      </Flex>
      <Form.Item name="long_descr" label="Description">
        <Input.TextArea rows={3} aria-label="Description" />
      </Form.Item>
      <Form.Item name="json_metadata" label="JSON metadata">
        <Input.TextArea rows={3} className="rama-mono" spellCheck={false} aria-label="JSON metadata" placeholder='{"key": "value"}' />
      </Form.Item>
      {failure && (
        <ErrorAlert error={failure} title={annotation ? 'The annotation could not be updated' : 'The annotation could not be added'} />
      )}
      <Flex justify="end" gap={8} className="rama-modal-footer">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
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
  return (
    <Modal
      open={open}
      title={annotation ? 'Edit annotation' : 'Add annotation'}
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
