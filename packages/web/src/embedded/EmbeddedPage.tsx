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
import { errorMessage, toClientError } from '../app/api';
import { useGetBootstrapQuery } from '../app/session';
import type { RootState } from '../app/store';
import { DashboardPage } from '../dashboard/DashboardPage';
import { useGetEmbeddedByUuidQuery } from './embeddedApi';
import { EmbeddedDashboardContext, type EmbeddedDashboardSettings } from './embeddedContext';
import { dataMaskChange, parseEmbeddedUiConfig, readEmbeddedBootstrap } from './embeddedModel';
import { hostGetters } from './hostGetters';
import { emitToHost, hostLinkState, provideHostLink, subscribeHostLink } from './hostLink';
import { usePageTheme } from '../app/ThemeProvider';
import './embedded.css';

export const EMBEDDED_LOAD_FAILED = 'This embedded dashboard could not be loaded';
const TOKEN_REFUSED =
  'The guest token was refused: it has expired, or it does not grant this dashboard. If you develop the host application, check how its backend asks Rama for guest tokens.';

function State({ children }: { children: ReactNode }) {
  return (
    <div className="rama-embedded-state" data-test="embedded-state">
      {children}
    </div>
  );
}

function failureText(error: unknown): string {
  const { status } = toClientError(error);
  return status === 401 || status === 403 || status === 404 ? TOKEN_REFUSED : errorMessage(error);
}

export function EmbeddedPage() {
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
        <Result
          status="warning"
          title={EMBEDDED_LOAD_FAILED}
          subTitle="The page was opened without its embedding. Open it through the embedding SDK."
        />
      </State>
    );
  }
  if (!framed) {
    return (
      <State>
        <Result
          status="info"
          title="This page is meant for an iframe"
          subTitle="An embedded dashboard is shown inside another application, which loads it with the embedding SDK and a guest token."
        />
      </State>
    );
  }
  if (link.status === 'refused') {
    return (
      <State>
        <Result
          status="403"
          title="This dashboard may not be embedded here"
          subTitle={`${link.refusedOrigin ?? 'This page'} is not one of the domains allowed to embed this dashboard.`}
        />
      </State>
    );
  }
  const error = probe.error ?? bootstrap.error;
  if (error || (bootstrap.data && !bootstrap.data.user)) {
    return (
      <State>
        <Result status="warning" title={EMBEDDED_LOAD_FAILED} subTitle={error ? failureText(error) : TOKEN_REFUSED} />
      </State>
    );
  }
  if (!hasToken || !probe.data || !bootstrap.data) {
    return (
      <State>
        <Spin size="large" aria-label="Loading the dashboard" />
      </State>
    );
  }
  return (
    <EmbeddedDashboardContext.Provider value={settings}>
      {/* an antd Layout, as the app shell: the same box model for everything inside */}
      <Layout className="rama-embedded" data-test="embedded-dashboard">
        {link.unauthorized && <Alert type="error" banner showIcon title={`${EMBEDDED_LOAD_FAILED} completely. ${TOKEN_REFUSED}`} />}
        <DashboardPage />
      </Layout>
    </EmbeddedDashboardContext.Provider>
  );
}
