/**
 * The answers to the embedding SDK's getters, read from the dashboard page's store (issue 25 part 3):
 * scroll size, a permalink of what is shown, the active tabs, the data mask, the charts' own states
 * and the chart data payloads (what the dashboard posts to /api/v1/chart/data for each chart, its
 * filters included, so the host can fetch or export the same rows).
 */
import { dataMaskForStorage, type DashboardPermalinkCreated } from '@rama/shared';
import { request } from '../core/api';
import type { RootState } from '../core/state';
import { dashboardQueryContext } from '../dashboard/chartData';
import { permalinkUrlParams } from '../dashboard/dashboardUrl';
import { makeSelectChartExtraFormData } from '../dashboard/nativeFilters/selectors';
import { askHost, type HostLinkProvider } from './hostLink';

/** The anchor the SDK passes (a component id); anything else is none. */
function anchorOf(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,250}$/.test(value) ? value : null;
}

function contentSize(): { width: number; height: number } {
  const root = document.documentElement;
  const page = document.querySelector<HTMLElement>('.rama-dashboard');
  return {
    width: Math.max(document.body.scrollWidth, root.scrollWidth, page?.scrollWidth ?? 0),
    height: Math.max(document.body.scrollHeight, page?.scrollHeight ?? 0),
  };
}

export function hostGetters(getState: () => RootState, dashboardId: number): HostLinkProvider {
  const chartPayload = (state: RootState, chartId: number): Record<string, unknown> => {
    const slice = state.dashboardCharts.slices[chartId];
    if (!slice) return { error: true, message: `Chart ${chartId} is not on this dashboard` };
    try {
      const { extraFormData } = makeSelectChartExtraFormData(chartId)(state);
      const ownState = state.dashboardCharts.byId[chartId]?.ownState ?? null;
      const qc = dashboardQueryContext(slice, { dashboardId, ownState, extraFormData });
      return { ...qc, result_type: 'results' } as unknown as Record<string, unknown>;
    } catch (e) {
      return { error: true, message: e instanceof Error ? e.message : String(e) };
    }
  };

  return {
    getScrollSize: contentSize,

    async getDashboardPermalink({ anchor }) {
      const state = getState();
      const created = await request<DashboardPermalinkCreated>({
        url: `/api/v1/dashboard/${dashboardId}/permalink`,
        method: 'POST',
        body: {
          urlParams: permalinkUrlParams(window.location.search),
          activeTabs: state.dashboardState.activeTabs,
          dataMask: dataMaskForStorage(state.nativeFilters.dataMask),
          anchor: anchorOf(anchor),
        },
      });
      // the host may give the link its own address (the SDK's resolvePermalinkUrl)
      const resolved = await askHost<unknown>('resolvePermalinkUrl', { key: created.key });
      return typeof resolved === 'string' && resolved ? resolved : created.url;
    },

    getActiveTabs: () => [...getState().dashboardState.activeTabs],

    getDataMask: () => ({ ...getState().nativeFilters.dataMask }),

    getChartStates() {
      const out: Record<string, unknown> = {};
      for (const [id, chart] of Object.entries(getState().dashboardCharts.byId)) {
        if (chart.ownState) out[id] = { chartId: Number(id), state: chart.ownState };
      }
      return out;
    },

    getChartDataPayloads(args) {
      const state = getState();
      const wanted = args?.chartId;
      if (wanted !== undefined && wanted !== null) {
        const id = Number(wanted);
        if (!Number.isInteger(id)) return { [String(wanted)]: { error: true, message: 'chartId must be a chart id' } };
        return { [id]: chartPayload(state, id) };
      }
      const out: Record<string, unknown> = {};
      for (const id of Object.keys(state.dashboardCharts.slices)) out[id] = chartPayload(state, Number(id));
      return out;
    },
  };
}
