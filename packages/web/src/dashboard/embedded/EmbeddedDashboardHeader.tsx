/**
 * The header of an embedded dashboard: the title, refresh, and a menu with what a guest can use
 * (refresh, download as image). No favourite star, publishing, owners, editing, reports or app
 * links: a guest has no account for them.
 */
import { Button, Dropdown, Tooltip, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoreOutlined, ReloadOutlined } from '@ant-design/icons';
import { errorMessage } from '../../core/api';
import { useAppSelector, useToasts } from '../../core/hooks';
import { downloadChartImage } from '../../explore/download';

interface EmbeddedDashboardHeaderProps {
  onRefresh: () => void;
  /** the element drawn into "Download as image" */
  contentElement: () => HTMLElement | null;
}

export function EmbeddedDashboardHeader({ onRefresh, contentElement }: EmbeddedDashboardHeaderProps) {
  const { t } = useTranslation('embedded');
  const { addDangerToast } = useToasts();
  const title = useAppSelector((s) => s.dashboardInfo.dashboard_title);
  const refreshing = useAppSelector((s) => Object.values(s.dashboardCharts.byId).some((c) => c.chartStatus === 'loading'));
  const downloadImage = () => {
    const el = contentElement();
    if (el) downloadChartImage(el, title).catch((e: unknown) => addDangerToast(errorMessage(e)));
  };
  const items: MenuProps['items'] = [
    { key: 'refresh', label: t('refreshDashboard'), onClick: onRefresh },
    { key: 'image', label: t('downloadAsImage'), onClick: downloadImage },
  ];
  return (
    <header className="rama-dash-header-bar" data-test="dashboard-header">
      <div className="rama-dash-title-row">
        <Typography.Title level={3} className="rama-dash-title" title={title}>
          {title}
        </Typography.Title>
        <span className="rama-dash-title-spacer" />
        <div className="rama-dash-actions">
          <Tooltip title={t('refreshDashboard')}>
            <Button
              type="text"
              icon={<ReloadOutlined spin={refreshing} />}
              aria-label={t('refreshDashboard')}
              onClick={onRefresh}
              disabled={refreshing}
            />
          </Tooltip>
          <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
            <Button icon={<MoreOutlined />} aria-label={t('moreDashboardActions')} data-test="dashboard-menu" />
          </Dropdown>
        </div>
      </div>
    </header>
  );
}
