/**
 * The web half of the visualization contract: per viz type, `transformProps` (query result →
 * component props; pure, unit-tested) and the React component that draws them. `buildQuery` and
 * the control panel live in `@rama/shared` (VizDefinition).
 */
import type { ComponentType } from 'react';
import type { CategoricalColorScale, ChartDataQueryResult, ExploreDatasource, QueryFormData, VizDefinition } from '@rama/shared';

/** Label → colour; a dashboard hands every chart one shared scale (same label, same colour). */
export type LabelColorScale = Pick<CategoricalColorScale, 'getColor'>;

/** What transformProps receives: the form data, each query's result, the size and the datasource. */
export interface ChartPropsInput {
  formData: QueryFormData;
  queriesData: ChartDataQueryResult[];
  width: number;
  height: number;
  /** verbose names, column formats and metric formats come from here */
  datasource: ExploreDatasource | null;
  /** the chart's own query state (see ChartSize.ownState) */
  ownState?: Record<string, unknown>;
  /** the categorical colours to use instead of the form data's scheme (a dashboard's shared labels) */
  colorScale?: LabelColorScale;
}

/** Every chart component gets its transformed props plus its size and these callbacks. */
export interface ChartSize {
  width: number;
  height: number;
  /**
   * Called once the chart is drawn for the props it got (ECharts 'finished', or after the table's
   * first paint): ChartRenderer ends the `rama:chart-render` measure and reports status rendered.
   */
  onRendered?: () => void;
  /** The chart's own query state (table server pagination, search); set → the host re-queries. */
  ownState?: Record<string, unknown>;
  setOwnState?: (ownState: Record<string, unknown>) => void;
  /** Dashboards with cross-filtering on: what a click on this chart filters (see ChartInteraction). */
  interaction?: ChartInteraction;
}

/**
 * How a drawn chart talks back to a dashboard (issue 13 parts 4 and 5). A click on an element
 * (bar, slice, series, cell) cross-filters on the chart's dimension: the values clicked, per
 * column, replace the chart's cross-filter (`null` clears it; clicking the only selected value
 * again clears it). A right click offers drilling on the data point.
 */
export interface ChartInteraction {
  /** the chart's current cross-filter, per column (to highlight what is selected) */
  crossFilter: Record<string, unknown[]> | null;
  emitCrossFilter?: (filters: Record<string, unknown[]> | null, label?: string) => void;
  /** a right click on a data point: where, and the filters that isolate the point (dimension = value) */
  onContextMenu?: (point: ChartContextPoint) => void;
}

export interface ChartContextPoint {
  clientX: number;
  clientY: number;
  /** `{col, op: '==', val}` per dimension of the point (x axis, series, slice …); empty for the whole chart */
  filters: { col: string; op: '=='; val: unknown; formattedVal?: string }[];
}

export interface WebViz<P extends object = object> {
  definition: VizDefinition;
  transformProps: (input: ChartPropsInput) => P;
  /** loaded on first use (each type's code, ECharts parts included, is its own chunk) */
  loadComponent: () => Promise<ComponentType<P & ChartSize>>;
  /** the gallery's picture: an SVG data URL or a bundled asset URL */
  thumbnail: string;
}
