/**
 * The SDK's `showRowLimitWarning` (uiConfig 32): a chart whose rows stopped at its row limit says
 * so in its header. Nothing on the ordinary dashboard page.
 */
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { WarningOutlined } from '@ant-design/icons';
import { useAppSelector } from '../../core/hooks';
import { useEmbeddedDashboard } from './embeddedContext';
import { reachedRowLimit } from './embeddedModel';

export function RowLimitWarning({ chartId }: { chartId: number }) {
  const { t } = useTranslation('embedded');
  const embedded = useEmbeddedDashboard();
  const limit = useAppSelector((s) => s.dashboardCharts.slices[chartId]?.form_data.row_limit);
  const rows = useAppSelector((s) => s.dashboardCharts.byId[chartId]?.queriesResponse?.[0]?.rowcount);
  if (!embedded?.ui.showRowLimitWarning || !reachedRowLimit(limit, rows)) return null;
  return (
    <Tooltip title={t('rowLimitTooltip', { count: Number(limit) })}>
      <WarningOutlined className="rama-embedded-row-limit" aria-label={t('rowLimitReached')} data-test="row-limit-warning" />
    </Tooltip>
  );
}
