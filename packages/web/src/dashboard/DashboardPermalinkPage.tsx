/**
 * `/rama/dashboard/p/{key}/` (spec section 7 "Permalinks"): reads the permalink, then opens its
 * dashboard with the kept URL parameters, the active tabs and the anchor, in place of this address.
 */
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { toClientError } from '../core/api';
import { useGetDashboardPermalinkQuery } from '../dashboards/dashboardPageApi';
import { permalinkTarget } from './dashboardUrl';
import './dashboard.css';

export function DashboardPermalinkPage() {
  const { t } = useTranslation('dashboard');
  const { key = '' } = useParams();
  const navigate = useNavigate();
  const { data, error } = useGetDashboardPermalinkQuery(key, { skip: !key });

  useEffect(() => {
    // the filter values travel with the navigation (the dashboard restores them through its filter configuration)
    if (data) void navigate(permalinkTarget(data), { replace: true, state: { dataMask: data.state.dataMask } });
  }, [data, navigate]);

  if (error || !key) {
    const status = error ? toClientError(error).status : 404;
    return (
      <div className="rama-dashboard-state">
        <Result
          status={status === 404 ? '404' : 'warning'}
          title={t('permalink.cannotOpen')}
          subTitle={status === 404 ? t('permalink.notFound') : toClientError(error).message}
          extra={<Button href="/dashboard/list/">{t('page.goToDashboards')}</Button>}
        />
      </div>
    );
  }
  return (
    <div className="rama-dashboard-state">
      <Spin size="large" />
    </div>
  );
}
