/** "Edit chart properties" (issue 11 part 4): name, description, cache timeout, certification, owners, tags. */
import { useEffect, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import type { ExploreSlice } from '@rama/shared';
import { errorMessage } from '../app/api';
import { useAppDispatch, useToasts } from '../app/hooks';
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
      addSuccessToast(`Chart properties updated`);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      open
      title="Edit chart properties"
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Save"
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
        <Form.Item name="slice_name" label="Name" rules={[{ required: true, whitespace: true, message: 'Name is required' }]}>
          <Input maxLength={250} />
        </Form.Item>
        <Form.Item name="description" label="Description" extra="The description can be displayed as widget headers in the dashboard view.">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item
          name="cache_timeout"
          label="Cache timeout"
          extra="Duration (in seconds) of the caching timeout for this chart. Leave empty to use the dataset's or database's timeout."
        >
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="certified_by" label="Certified by" extra="Person or group that has certified this chart.">
          <Input />
        </Form.Item>
        <Form.Item
          name="certification_details"
          label="Certification details"
          extra="Any additional detail to show in the certification tooltip."
        >
          <Input />
        </Form.Item>
        <Form.Item name="owners" label="Owners" extra="A list of users who can alter the chart. Searchable by name or username.">
          <Select
            mode="multiple"
            options={ownerOptions}
            showSearch={{ onSearch: setSearch, filterOption: false }}
            loading={owners.isFetching}
            placeholder="Owners"
          />
        </Form.Item>
        <Form.Item name="tags" label="Tags" extra="A list of tags that have been applied to this chart.">
          <TagSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}
