import { useEffect } from 'react';
import { Alert, Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector, useDocumentTitle } from '../core/hooks';
import { useSession } from '../core/session';
import { sharedText } from '../i18n';
import { loadSqlLab } from './state/bootstrap';
import { selectActiveEditor } from './state/selectors';
import { useEntryPoints } from './useEntryPoints';
import { useFlushOnHide, useQueryPolling } from './hooks';
import { useOfflineDetection } from './useOffline';
import { TabBar } from './components/TabBar';
import { EditorWorkspace } from './components/EditorWorkspace';
import './sqllab.css';

/** SQL Lab: tabs of SQL editors over their results, with a left bar of tables. */
export function SqlLabPage() {
  const { t } = useTranslation('sqllab');
  const dispatch = useAppDispatch();
  const { bootstrap } = useSession();
  const status = useAppSelector((s) => s.sqlLab.status);
  const loadError = useAppSelector((s) => s.sqlLab.loadError);
  const active = useAppSelector(selectActiveEditor);
  const mountKey = useAppSelector((s) => (active ? (s.sqlLab.mountKeys[active.id] ?? active.id) : null));
  useDocumentTitle(active ? `${active.name} · SQL Lab` : 'SQL Lab'); // i18n-ignore: the product's name
  useEntryPoints();
  useQueryPolling();
  useFlushOnHide();
  const offline = useOfflineDetection();

  useEffect(() => {
    if (status === 'idle') void dispatch(loadSqlLab(bootstrap));
  }, [status, dispatch, bootstrap]);

  if (status === 'failed') {
    const handleRetry = () => void dispatch(loadSqlLab(bootstrap));
    return (
      <div className="rama-sqllab">
        <Result
          status="error"
          title={t('page.loadFailed')}
          subTitle={loadError ? sharedText('messages', loadError) : loadError}
          extra={
            <Button type="primary" onClick={handleRetry}>
              {t('page.tryAgain')}
            </Button>
          }
        />
      </div>
    );
  }
  if (status !== 'ready') {
    return (
      <div className="rama-sqllab rama-sqllab-loading">
        <Spin size="large" />
      </div>
    );
  }
  return (
    <div className="rama-sqllab" data-testid="sqllab">
      {offline && (
        <Alert
          banner
          type="warning"
          role="status"
          className="rama-sqllab-offline"
          title={t('page.offline')}
          description={t('page.offlineDetail')}
        />
      )}
      <TabBar />
      {active && mountKey ? <EditorWorkspace key={mountKey} editorId={active.id} /> : null}
    </div>
  );
}
