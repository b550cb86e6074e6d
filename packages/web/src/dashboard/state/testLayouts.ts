/** Small layouts for the dashboard page's unit tests. */
import { parsePositionJson, type DashboardLayout } from '@rama/shared';

/** ROOT > GRID > ROW-1 [CHART-a (chart 1, width 4), CHART-b (chart 2, width 4)], HEADER-h */
export function gridLayout(): DashboardLayout {
  return parsePositionJson(
    JSON.stringify({
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1', 'HEADER-h'] },
      'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-a', 'CHART-b'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
      'CHART-a': { type: 'CHART', id: 'CHART-a', children: [], meta: { chartId: 1, width: 4, height: 50 } },
      'CHART-b': { type: 'CHART', id: 'CHART-b', children: [], meta: { chartId: 2, width: 4, height: 50 } },
      'HEADER-h': { type: 'HEADER', id: 'HEADER-h', children: [], meta: { text: 'Totals', headerSize: 'MEDIUM_HEADER' } }, // i18n-ignore: test data
    }),
  );
}

/**
 * ROOT > TABS-top [TAB-1 > ROW-1 > CHART-a (1), TAB-2 > ROW-2 > TABS-in [TAB-2a > ROW-3 > CHART-c (3), TAB-2b > ROW-4 > CHART-d (4)]]
 */
export function tabsLayout(): DashboardLayout {
  return parsePositionJson(
    JSON.stringify({
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['TABS-top'] },
      'TABS-top': { type: 'TABS', id: 'TABS-top', children: ['TAB-1', 'TAB-2'] },
      'TAB-1': { type: 'TAB', id: 'TAB-1', children: ['ROW-1'], meta: { text: 'Overview' } }, // i18n-ignore: test data
      'TAB-2': { type: 'TAB', id: 'TAB-2', children: ['TABS-in'], meta: { text: 'Details' } }, // i18n-ignore: test data
      'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-a'], meta: {} },
      'CHART-a': { type: 'CHART', id: 'CHART-a', children: [], meta: { chartId: 1, width: 4, height: 50 } },
      'TABS-in': { type: 'TABS', id: 'TABS-in', children: ['TAB-2a', 'TAB-2b'] },
      'TAB-2a': { type: 'TAB', id: 'TAB-2a', children: ['ROW-3'], meta: { text: 'A' } }, // i18n-ignore: test data
      'TAB-2b': { type: 'TAB', id: 'TAB-2b', children: ['ROW-4'], meta: { text: 'B' } }, // i18n-ignore: test data
      'ROW-3': { type: 'ROW', id: 'ROW-3', children: ['CHART-c'], meta: {} },
      'ROW-4': { type: 'ROW', id: 'ROW-4', children: ['CHART-d'], meta: {} },
      'CHART-c': { type: 'CHART', id: 'CHART-c', children: [], meta: { chartId: 3, width: 4, height: 50 } },
      'CHART-d': { type: 'CHART', id: 'CHART-d', children: [], meta: { chartId: 4, width: 4, height: 50 } },
    }),
  );
}
