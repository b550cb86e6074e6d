import { Alert, Button, Popover, Spin, Table, Tooltip } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { estimateQueryCost } from '../state/queryThunks';

/** Estimate the cost of the selection (else the whole query) and show the engine's rows. */
export function EstimateCostButton({ editorId }: { editorId: string }) {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const estimate = useAppSelector((s) => s.sqlLab.queryCostEstimates[editorId]);
  const handleOpen = (open: boolean) => {
    if (open) void dispatch(estimateQueryCost(editorId));
  };
  const rows = estimate?.cost ?? [];
  const columns = Object.keys(rows[0] ?? {}).map((k) => ({ title: k, dataIndex: k, key: k, render: (v: unknown) => String(v ?? '') }));
  let content;
  if (!estimate || (!estimate.completed && !estimate.error)) content = <Spin size="small" />;
  else if (estimate.error) content = <Alert type="error" showIcon title={estimate.error} />;
  else
    content = (
      <Table
        size="small"
        pagination={false}
        columns={columns}
        dataSource={rows.map((r, i) => ({ ...r, key: i }))}
        className="rama-sqllab-cost"
      />
    );
  return (
    <Popover
      trigger="click"
      title={t('estimate.title')}
      content={<div className="rama-sqllab-cost-box">{content}</div>}
      onOpenChange={handleOpen}
      placement="bottom"
    >
      <Tooltip title={t('estimate.tooltip')}>
        <Button type="text" size="small" icon={<CalculatorOutlined aria-hidden />} aria-label={t('estimate.ariaLabel')} />
      </Tooltip>
    </Popover>
  );
}
