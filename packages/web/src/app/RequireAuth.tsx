import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { getAccess, useGetBootstrapQuery, type Access } from './session';
import { errorMessage } from './api';

/** Renders its children for a signed-in user; otherwise sends the visitor to the login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data, error, isLoading, refetch } = useGetBootstrapQuery();
  const location = useLocation();
  if (isLoading) return <FullPageSpinner />;
  if (error) {
    const handleRetry = () => void refetch();
    return (
      <Result
        status="error"
        title="Rama could not load"
        subTitle={errorMessage(error)}
        extra={
          <Button type="primary" onClick={handleRetry}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!data?.user) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login/?next=${next}`} replace />;
  }
  return children;
}

/** Renders its children only when `allow` says the user may see the page. */
export function RequirePermission({ allow, children }: { allow: (access: Access) => boolean; children: ReactNode }) {
  const { data } = useGetBootstrapQuery();
  if (!allow(getAccess(data?.user))) {
    return (
      <Result
        status="403"
        title="Access denied"
        subTitle="You do not have permission to open this page. Ask an administrator if you need access."
      />
    );
  }
  return children;
}
