/**
 * `/embedded/{uuid}`: a dashboard alone, for an iframe of a host application that uses the BI
 * server's embedding SDK (issue 25 part 3). The server injects the embedding (uuid, dashboard id,
 * allowed domains, guest token header); `hostLink` takes the SDK's port and guest tokens. The page
 * waits for a token (spinner), checks it against the embedding, then shows the ordinary dashboard
 * page in embedded mode: no app shell, only what a guest can use, the SDK's UI config honoured.
 */
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { Alert, Layout, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, toClientError } from '../core/api';
import { useGetBootstrapQuery } from '../core/session';
import type { RootState } from '../core/state';
import { DashboardPage } from '../dashboard/DashboardPage';
import { useGetEmbeddedByUuidQuery } from '../dashboard/embedded/embeddedApi';
import { EmbeddedDashboardContext, type EmbeddedDashboardSettings } from '../dashboard/embedded/embeddedContext';
import { dataMaskChange, parseEmbeddedUiConfig, readEmbeddedBootstrap } from '../dashboard/embedded/embeddedModel';
import { hostGetters } from './hostGetters';
import { emitToHost, hostLinkState, provideHostLink, subscribeHostLink } from './hostLink';
import { usePageTheme } from '../core/ThemeProvider';
import { t as translate } from '../i18n';
import './embedded.css';

const tokenRefused = (): string => translate('embedded:tokenRefused');

function State({ children }: { children: ReactNode }) {
  return (
    <div className="rama-embedded-state" data-test="embedded-state">
      {children}
    </div>
  );
}

function failureText(error: unknown): string {
  const { status } = toClientError(error);
  return status === 401 || status === 403 || status === 404 ? tokenRefused() : errorMessage(error);
}

export function EmbeddedPage() {
  const { t } = useTranslation('embedded');
  const [boot] = useState(() => readEmbeddedBootstrap());
  // the host page around the frame is designed for one look; the embedding contract has no theme field
  usePageTheme('light');
  const [ui] = useState(() => parseEmbeddedUiConfig(window.location.search));
  const link = useSyncExternalStore(subscribeHostLink, hostLinkState);
  const store = useStore<RootState>();
  const framed = window.parent !== window;
  const hasToken = link.token !== null;
  const probe = useGetEmbeddedByUuidQuery(boot?.uuid ?? '', { skip: !boot || !hasToken });
  const bootstrap = useGetBootstrapQuery(undefined, { skip: !hasToken });
  const settings = useMemo<EmbeddedDashboardSettings | null>(
    () => (boot ? { uuid: boot.uuid, dashboardId: boot.dashboard_id, ui } : null),
    [boot, ui],
  );

  // the SDK's getters are answered from the dashboard's store
  useEffect(() => (boot ? provideHostLink(hostGetters(() => store.getState(), boot.dashboard_id)) : undefined), [boot, store]);

  // uiConfig 16: the host's observeDataMask hears of every change of the data mask
  useEffect(() => {
    if (!ui.emitDataMasks) return;
    let previous = store.getState().nativeFilters.dataMask;
    return store.subscribe(() => {
      const next = store.getState().nativeFilters.dataMask;
      if (next === previous) return;
      const change = dataMaskChange(previous, next);
      previous = next;
      emitToHost('observeDataMask', { ...next, ...change });
    });
  }, [ui.emitDataMasks, store]);

  if (!boot || !settings) {
    return (
      <State>
        <Result status="warning" title={t('loadFailed')} subTitle={t('openedWithoutEmbedding')} />
      </State>
    );
  }
  if (!framed) {
    return (
      <State>
        <Result status="info" title={t('meantForIframe')} subTitle={t('meantForIframeBody')} />
      </State>
    );
  }
  if (link.status === 'refused') {
    return (
      <State>
        <Result
          status="403"
          title={t('notAllowedHere')}
          subTitle={link.refusedOrigin ? t('originNotAllowed', { origin: link.refusedOrigin }) : t('thisPageNotAllowed')}
        />
      </State>
    );
  }
  const error = probe.error ?? bootstrap.error;
  if (error || (bootstrap.data && !bootstrap.data.user)) {
    return (
      <State>
        <Result status="warning" title={t('loadFailed')} subTitle={error ? failureText(error) : tokenRefused()} />
      </State>
    );
  }
  if (!hasToken || !probe.data || !bootstrap.data) {
    return (
      <State>
        <Spin size="large" aria-label={t('loadingDashboard')} />
      </State>
    );
  }
  return (
    <EmbeddedDashboardContext.Provider value={settings}>
      {/* an antd Layout, as the app shell: the same box model for everything inside */}
      <Layout className="rama-embedded" data-test="embedded-dashboard">
        {link.unauthorized && <Alert type="error" banner showIcon title={`${t('loadFailedCompletely')} ${tokenRefused()}`} />}
        <DashboardPage />
      </Layout>
    </EmbeddedDashboardContext.Provider>
  );
}
