import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { matchPath, Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '../core/FullPageSpinner';
import { getAccess, isAnonymousUser, useGetBootstrapQuery, type Access } from '../core/session';
import { errorMessage } from '../core/api';

/** The pages an anonymous visitor (the Public role, PUBLIC_ROLE_LIKE) may open: dashboards and their permalinks. */
const ANONYMOUS_PAGES = ['/rama/dashboard/p/:key/', '/rama/dashboard/:idOrSlug/'];

export function anonymousMayOpen(pathname: string): boolean {
  return ANONYMOUS_PAGES.some((pattern) => matchPath(pattern, pathname) !== null);
}

/**
 * Renders its children for a signed-in user, and on dashboard pages for an anonymous visitor;
 * otherwise sends the visitor to the login page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation('app');
  const { data, error, isLoading, refetch } = useGetBootstrapQuery();
  const location = useLocation();
  if (isLoading) return <FullPageSpinner />;
  if (error) {
    const handleRetry = () => void refetch();
    return (
      <Result
        status="error"
        title={t('load.failed')}
        subTitle={errorMessage(error)}
        extra={
          <Button type="primary" onClick={handleRetry}>
            {t('load.retry')}
          </Button>
        }
      />
    );
  }
  if (!data?.user || (isAnonymousUser(data.user) && !anonymousMayOpen(location.pathname))) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login/?next=${next}`} replace />;
  }
  return children;
}

/** Renders its children only when `allow` says the user may see the page. */
export function RequirePermission({ allow, children }: { allow: (access: Access) => boolean; children: ReactNode }) {
  const { t } = useTranslation('app');
  const { data } = useGetBootstrapQuery();
  if (!allow(getAccess(data?.user))) {
    return <Result status="403" title={t('denied.title')} subTitle={t('denied.body')} />;
  }
  return children;
}
