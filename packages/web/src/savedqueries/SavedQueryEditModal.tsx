import { useState } from 'react';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODAL_DEFAULT_WIDTH, hasPermission, SqlLabMessage, type SavedQueryRecord } from '@rama/shared';
import { sharedText } from '../i18n';
import type { ClientError } from '@rama/shared';
import { ErrorAlert } from '../components/ErrorAlert';
import { toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { useSession } from '../core/session';
import { TagSelect } from '../tags/TagSelect';
import { useSaveObjectTags } from '../tags/useObjectTags';
import { tagNames } from '../tags/tagRules';
import { useEditSavedQueryMutation } from './savedQueryApi';

interface EditValues {
  label: string;
  description: string;
  tags?: string[];
}

const FIELDS: ReadonlySet<string> = new Set(['label', 'description']);

function EditForm({ query, onClose }: { query: SavedQueryRecord; onClose: () => void }) {
  const { t } = useTranslation('savedqueries');
  const [form] = Form.useForm<EditValues>();
  const { addSuccessToast } = useToasts();
  const [editSavedQuery, { isLoading, error, reset }] = useEditSavedQueryMutation();
  const { user } = useSession();
  // tagging is offered to those who may write tags (the SQL Lab role alone may not)
  const canTag = hasPermission(user.roles, 'can_write', 'Tag');
  const saveTags = useSaveObjectTags();
  const [tagError, setTagError] = useState<ClientError | null>(null);
  const clientError = error ? toClientError(error) : null;
  const fieldNames = Object.keys(clientError?.fieldErrors ?? {});
  // messages about the form's own fields are shown under them; anything else above the buttons
  const perField = fieldNames.length > 0 && fieldNames.every((field) => FIELDS.has(field));

  const handleFinish = async (values: EditValues) => {
    const result = await editSavedQuery({
      id: query.id,
      body: { label: values.label.trim(), description: values.description.trim() },
    });
    if (result.error) {
      const failure = toClientError(result.error);
      form.setFields(
        Object.entries(failure.fieldErrors ?? {})
          .filter(([field]) => FIELDS.has(field))
          .map(([field, errors]) => ({ name: field as keyof EditValues, errors })),
      );
      return;
    }
    if (canTag && values.tags) {
      try {
        await saveTags('query', query.id, tagNames(query.tags), values.tags);
      } catch (e) {
        setTagError(toClientError(e));
        return;
      }
    }
    addSuccessToast(sharedText('messages', SqlLabMessage.UPDATED));
    onClose();
  };

  const handleValuesChange = () => {
    if (error) reset();
    setTagError(null);
  };

  return (
    <Form<EditValues>
      form={form}
      layout="vertical"
      initialValues={{ label: query.label, description: query.description, tags: tagNames(query.tags) }}
      onFinish={(values) => void handleFinish(values)}
      onValuesChange={handleValuesChange}
      disabled={isLoading}
      requiredMark="optional"
    >
      <Form.Item
        name="label"
        label={t('common:name')}
        rules={[{ required: true, whitespace: true, message: t('edit.nameRequired') }, { max: 256 }]}
      >
        <Input autoFocus />
      </Form.Item>
      <Form.Item name="description" label={t('common:description')} rules={[{ max: 10_000 }]}>
        <Input.TextArea rows={4} placeholder={t('edit.descriptionPlaceholder')} />
      </Form.Item>
      {canTag && (
        <Form.Item name="tags" label={t('common:tags')} extra={t('edit.tagsHelp')}>
          <TagSelect />
        </Form.Item>
      )}
      {clientError && !perField && <ErrorAlert error={clientError} title={sharedText('messages', SqlLabMessage.UPDATE_FAILED)} />}
      {tagError && <ErrorAlert error={tagError} title={t('edit.tagsFailed')} />}
      <Flex justify="end" gap={8} className="rama-modal-footer">
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t('common:save')}
        </Button>
      </Flex>
    </Form>
  );
}

/** Rename a saved query and edit its description (its SQL is edited in SQL Lab). */
export function SavedQueryEditModal({ query, onClose }: { query: SavedQueryRecord | null; onClose: () => void }) {
  const { t } = useTranslation('savedqueries');
  return (
    <Modal
      open={query !== null}
      title={t('edit.title')}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={null}
    >
      {query && <EditForm key={query.id} query={query} onClose={onClose} />}
    </Modal>
  );
}
