import { useState } from 'react';
import { Flex, Form, Modal, Select, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_VIZ_TYPE, VIZ_DEFINITIONS } from '@rama/shared';
import { newChartPath } from './chartList';
import { chartAddPath, type PickedDataset } from './chartAdd';
import { DatasetPicker } from './DatasetPicker';

const VIZ_OPTIONS = [...VIZ_DEFINITIONS.values()]
  .map((d) => ({ value: d.meta.key, label: d.meta.name }))
  .sort((a, b) => a.label.localeCompare(b.label));

interface NewChartModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * A bare /explore/ (no chart, no dataset): choose the dataset (and optionally the visualization)
 * and open Explore on it. The full "Create a new chart" page with the gallery is /chart/add.
 */
export function NewChartModal({ open, onClose }: NewChartModalProps) {
  const navigate = useNavigate();
  const [dataset, setDataset] = useState<PickedDataset | null>(null);
  const [vizType, setVizType] = useState<string>(DEFAULT_VIZ_TYPE);

  const handleCreate = () => {
    if (dataset === null) return;
    onClose();
    void navigate(newChartPath(dataset.id, vizType));
  };

  return (
    <Modal
      title="Create a new chart"
      open={open}
      onCancel={onClose}
      onOk={handleCreate}
      okText="Create new chart"
      okButtonProps={{ disabled: dataset === null }}
      destroyOnHidden
    >
      <Flex vertical gap={4}>
        <Typography.Paragraph type="secondary">
          A chart starts from a dataset. Pick one and the visualization to begin with, or{' '}
          <Link to={chartAddPath()}>browse every chart type in the gallery</Link>.
        </Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label="Dataset" required>
            <DatasetPicker value={dataset} onChange={setDataset} skip={!open} />
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
