/**
 * The shapes of the examples `rama load-examples` saves: a chart declared by the controls it sets
 * (charts.ts, gallery/index.ts) and a dashboard declared as a layout tree (dashboards.ts).
 */
import type { HeaderSize } from '@rama/shared';

export interface ExampleChart {
  /** stable key: the chart's uuid derives from it, so a reload updates the chart it saved before */
  key: string;
  name: string;
  /** the example dataset's table (datasets.ts) */
  table: string;
  vizType: string;
  description?: string;
  /** the controls set; the rest take their defaults */
  params: Record<string, unknown>;
}

export type LayoutNode =
  | { type: 'CHART'; chart: string; width: number; height: number }
  | { type: 'MARKDOWN'; id: string; code: string; width: number; height: number }
  | { type: 'HEADER'; id: string; text: string; size: HeaderSize }
  | { type: 'DIVIDER'; id: string }
  | { type: 'ROW'; id: string; children: LayoutNode[] }
  | { type: 'COLUMN'; id: string; width: number; children: LayoutNode[] }
  | { type: 'TABS'; id: string; tabs: { id: string; title: string; children: LayoutNode[] }[] };

export interface ExampleDashboard {
  key: string;
  title: string;
  slug: string;
  colorScheme: string;
  /** the grid's children, or one TABS node for top-level tabs */
  layout: LayoutNode[];
}
