/** "Edit chart properties" (issue 11 part 4): name, description, cache timeout, certification, owners, tags. */
import { useEffect, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import type { ExploreSlice } from '@rama/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../core/api';
import { useAppDispatch, useToasts } from '../core/hooks';
import { useChartRelatedOwnersQuery, useGetChartQuery, useUpdateChartMutation } from '../charts/chartApi';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { TagSelect } from '../tags/TagSelect';
import { useSaveObjectTags } from '../tags/useObjectTags';
import { tagNames } from '../tags/tagRules';
import { exploreActions } from './exploreSlice';

interface Values {
  slice_name: string;
  description: string;
  cache_timeout: number | null;
  certified_by: string;
  certification_details: string;
  owners: number[];
  tags: string[];
}

export function PropertiesModal({ slice, onClose }: { slice: ExploreSlice; onClose: () => void }) {
  const { t } = useTranslation('explore');
  const dispatch = useAppDispatch();
  const { addSuccessToast } = useToasts();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const filter = useDebouncedValue(search, 300);
  const owners = useChartRelatedOwnersQuery(filter);
  const [updateChart, { isLoading }] = useUpdateChartMutation();
  const [error, setError] = useState<string | null>(null);
  // the chart's tags are not part of Explore's slice: read them from the chart
  const chart = useGetChartQuery(slice.slice_id);
  const savedTags = tagNames(chart.data?.tags);
  const saveTags = useSaveObjectTags();
  const loadedTags = chart.data?.tags;
  // the tags arrive after the form is drawn: fill the field then
  useEffect(() => {
    if (loadedTags) form.setFieldValue('tags', tagNames(loadedTags));
  }, [loadedTags, form]);

  const known = new Map(slice.owner_details.map((o) => [o.id, `${o.first_name} ${o.last_name}`.trim()]));
  for (const u of owners.data ?? []) known.set(u.value, u.text);
  const ownerOptions = [...known].map(([value, label]) => ({ value, label }));

  const submit = async (values: Values) => {
    setError(null);
    const body = {
      slice_name: values.slice_name.trim(),
      description: values.description.trim() || null,
      cache_timeout: values.cache_timeout ?? null,
      certified_by: values.certified_by.trim() || null,
      certification_details: values.certification_details.trim() || null,
      owners: values.owners,
    };
    try {
      await updateChart({ id: slice.slice_id, body }).unwrap();
      await saveTags('chart', slice.slice_id, savedTags, values.tags);
      dispatch(
        exploreActions.slicePropertiesChanged({
          ...body,
          owners: values.owners,
          owner_details: values.owners.map((id) => {
            const [first_name = '', ...rest] = (known.get(id) ?? '').split(' ');
            return { id, first_name, last_name: rest.join(' ') };
          }),
        }),
      );
      addSuccessToast(t('properties.saved'));
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      open
      title={t('header.editProperties')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:save')}
      confirmLoading={isLoading}
      okButtonProps={{ disabled: chart.isLoading }}
      destroyOnHidden
      width={600}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{
          slice_name: slice.slice_name,
          description: slice.description ?? '',
          cache_timeout: slice.cache_timeout,
          certified_by: slice.certified_by ?? '',
          certification_details: slice.certification_details ?? '',
          owners: slice.owners,
          tags: savedTags,
        }}
      >
        <Form.Item
          name="slice_name"
          label={t('common:name')}
          rules={[{ required: true, whitespace: true, message: t('properties.nameRequired') }]}
        >
          <Input maxLength={250} />
        </Form.Item>
        <Form.Item name="description" label={t('common:description')} extra={t('properties.descriptionHelp')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="cache_timeout" label={t('properties.cacheTimeout')} extra={t('properties.cacheTimeoutHelp')}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="certified_by" label={t('properties.certifiedBy')} extra={t('properties.certifiedByHelp')}>
          <Input />
        </Form.Item>
        <Form.Item
          name="certification_details"
          label={t('properties.certificationDetails')}
          extra={t('properties.certificationDetailsHelp')}
        >
          <Input />
        </Form.Item>
        <Form.Item name="owners" label={t('common:owners')} extra={t('properties.ownersHelp')}>
          <Select
            mode="multiple"
            options={ownerOptions}
            showSearch={{ onSearch: setSearch, filterOption: false }}
            loading={owners.isFetching}
            placeholder={t('common:owners')}
          />
        </Form.Item>
        <Form.Item name="tags" label={t('common:tags')} extra={t('properties.tagsHelp')}>
          <TagSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}
