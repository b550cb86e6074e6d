/**
 * What every component of one dashboard page shares: the chart load queue, the viewport watcher,
 * the charts near the viewport, the shared colours, how the page is displayed, and the grid's
 * column width (its own context: it changes on every resize).
 */
import { createContext, useContext } from 'react';
import type { ChartLoadQueue, NearCharts, ViewportWatcher } from './chartQueue';
import type { DashboardColorRegistry } from './colors';

export interface DashboardDisplay {
  editMode: boolean;
  /** standalone 3: no header, no chart menus */
  reportMode: boolean;
  hideChartControls: boolean;
  hideTabs: boolean;
}

export interface DashboardPageServices {
  dashboardId: number;
  queue: ChartLoadQueue;
  watcher: ViewportWatcher;
  near: NearCharts;
  colors: DashboardColorRegistry;
  display: DashboardDisplay;
  /** a tab was clicked: make it active (and say so in the address) */
  onTabChange: (tabId: string) => void;
}

export const DashboardPageContext = createContext<DashboardPageServices | null>(null);

export function useDashboardPage(): DashboardPageServices {
  const services = useContext(DashboardPageContext);
  if (!services) throw new Error('useDashboardPage used outside the dashboard page');
  return services;
}

/** The width of one grid column in pixels (0 until the grid is measured). */
export const ColumnWidthContext = createContext(0);

export function useColumnWidth(): number {
  return useContext(ColumnWidthContext);
}
