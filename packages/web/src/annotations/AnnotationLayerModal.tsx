import { useState } from 'react';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { MODAL_DEFAULT_WIDTH } from '@rama/shared';
import { ErrorAlert } from '../components/ErrorAlert';
import { toClientError } from '../app/api';
import { useToasts } from '../app/hooks';
import { useCreateAnnotationLayerMutation, useUpdateAnnotationLayerMutation, type AnnotationLayerRecord } from './annotationApi';

interface LayerValues {
  name: string;
  descr: string;
}

function LayerForm({ layer, onClose }: { layer: AnnotationLayerRecord | null; onClose: () => void }) {
  const [form] = Form.useForm<LayerValues>();
  const { addSuccessToast } = useToasts();
  const [create, createState] = useCreateAnnotationLayerMutation();
  const [update, updateState] = useUpdateAnnotationLayerMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const [failure, setFailure] = useState<ReturnType<typeof toClientError> | null>(null);

  const handleFinish = async (values: LayerValues) => {
    setFailure(null);
    const body = { name: values.name.trim(), descr: values.descr?.trim() || null };
    const result = layer ? await update({ id: layer.id, body }) : await create(body);
    if (result.error) {
      const error = toClientError(result.error);
      const fields = Object.entries(error.fieldErrors ?? {}).filter(([f]) => f === 'name' || f === 'descr');
      form.setFields(fields.map(([f, errors]) => ({ name: f as keyof LayerValues, errors })));
      if (!fields.length) setFailure(error);
      return;
    }
    addSuccessToast(layer ? `Updated ${body.name}` : `Added ${body.name}`);
    onClose();
  };

  return (
    <Form<LayerValues>
      form={form}
      layout="vertical"
      initialValues={{ name: layer?.name ?? '', descr: layer?.descr ?? '' }}
      onFinish={(values) => void handleFinish(values)}
      onValuesChange={() => setFailure(null)}
      disabled={saving}
      requiredMark="optional"
    >
      <Form.Item
        name="name"
        label="Annotation layer name"
        rules={[{ required: true, whitespace: true, message: 'Enter a name' }, { max: 250 }]}
      >
        <Input autoFocus aria-label="Annotation layer name" />
      </Form.Item>
      <Form.Item name="descr" label="Description">
        <Input.TextArea rows={3} aria-label="Description" placeholder="What the layer's annotations mark" />
      </Form.Item>
      {failure && <ErrorAlert error={failure} title={layer ? 'The layer could not be updated' : 'The layer could not be added'} />}
      <Flex justify="end" gap={8} className="rama-modal-footer">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
        </Button>
      </Flex>
    </Form>
  );
}

/** Add an annotation layer (`layer` null) or edit one. */
export function AnnotationLayerModal({
  open,
  layer,
  onClose,
}: {
  open: boolean;
  layer: AnnotationLayerRecord | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={layer ? 'Edit annotation layer' : 'Add annotation layer'}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={null}
    >
      {open && <LayerForm key={layer?.id ?? 'new'} layer={layer} onClose={onClose} />}
    </Modal>
  );
}
