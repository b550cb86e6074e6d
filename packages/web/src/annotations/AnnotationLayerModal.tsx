import { useState } from 'react';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODAL_DEFAULT_WIDTH } from '@rama/shared';
import { ErrorAlert } from '../components/ErrorAlert';
import { toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { useCreateAnnotationLayerMutation, useUpdateAnnotationLayerMutation, type AnnotationLayerRecord } from './annotationApi';

interface LayerValues {
  name: string;
  descr: string;
}

function LayerForm({ layer, onClose }: { layer: AnnotationLayerRecord | null; onClose: () => void }) {
  const { t } = useTranslation('annotations');
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
    addSuccessToast(layer ? t('updated', { name: body.name }) : t('added', { name: body.name }));
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
      <Form.Item name="name" label={t('layerName')} rules={[{ required: true, whitespace: true, message: t('enterName') }, { max: 250 }]}>
        <Input autoFocus aria-label={t('layerName')} />
      </Form.Item>
      <Form.Item name="descr" label={t('common:description')}>
        <Input.TextArea rows={3} aria-label={t('common:description')} placeholder={t('layerDescriptionPlaceholder')} />
      </Form.Item>
      {failure && <ErrorAlert error={failure} title={layer ? t('layerUpdateFailed') : t('layerAddFailed')} />}
      <Flex justify="end" gap={8} className="rama-modal-footer">
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common:save')}
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
  const { t } = useTranslation('annotations');
  return (
    <Modal
      open={open}
      title={layer ? t('editLayer') : t('addLayer')}
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
