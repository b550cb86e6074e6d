import { useState } from 'react';
import { Flex, Form, Modal, Select, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { DEFAULT_VIZ_TYPE, VIZ_DEFINITIONS } from '@rama/shared';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useListDatasetsQuery } from '../datasets/datasetApi';
import { newChartPath } from './chartList';

const VIZ_OPTIONS = [...VIZ_DEFINITIONS.values()]
  .map((d) => ({ value: d.meta.key, label: d.meta.name }))
  .sort((a, b) => a.label.localeCompare(b.label));

interface NewChartModalProps {
  open: boolean;
  onClose: () => void;
}

/** "+ Chart": choose the dataset (and optionally the visualization) and open Explore on it. */
export function NewChartModal({ open, onClose }: NewChartModalProps) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [datasetId, setDatasetId] = useState<number | null>(null);
  const [vizType, setVizType] = useState<string>(DEFAULT_VIZ_TYPE);
  const name = useDebouncedValue(search).trim();
  const { data, isFetching } = useListDatasetsQuery(
    {
      ...(name ? { filters: [{ col: 'table_name', opr: 'ct', value: name }] } : {}),
      order_column: 'table_name',
      order_direction: 'asc',
      page: 0,
      page_size: 50,
    },
    { skip: !open },
  );

  const handleCreate = () => {
    if (datasetId === null) return;
    onClose();
    void navigate(newChartPath(datasetId, vizType));
  };

  return (
    <Modal
      title="Create a new chart"
      open={open}
      onCancel={onClose}
      onOk={handleCreate}
      okText="Create new chart"
      okButtonProps={{ disabled: datasetId === null }}
      destroyOnHidden
    >
      <Flex vertical gap={4}>
        <Typography.Paragraph type="secondary">
          A chart starts from a dataset. Pick one and the visualization to begin with.
        </Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label="Dataset" required>
            <Select<number>
              aria-label="Dataset"
              placeholder="Choose a dataset"
              showSearch={{ filterOption: false, onSearch: setSearch }}
              loading={isFetching}
              value={datasetId ?? undefined}
              onChange={setDatasetId}
              options={(data?.result ?? []).map((ds) => ({
                value: ds.id,
                label: ds.schema ? `${ds.schema}.${ds.table_name}` : ds.table_name,
              }))}
              notFoundContent={isFetching ? 'Loading…' : 'No datasets found'}
            />
          </Form.Item>
          <Form.Item label="Visualization">
            <Select<string>
              aria-label="Visualization"
              showSearch={{ optionFilterProp: 'label' }}
              value={vizType}
              onChange={setVizType}
              options={VIZ_OPTIONS}
            />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  );
}
