/**
 * The visualization contract (the BI server's chart plugin shape, DESIGN "Style"): per `viz_type`,
 * `buildQuery` (form data → query context, pure, here so the server can rebuild a query context
 * for a chart saved without one) and `controlPanel` (sections of controls with defaults and
 * validators, pure data). The web app adds `transformProps` and the component per type.
 */
import type { QueryContext } from '../api/chartData.js';
import type { ExploreDatasource } from '../api/dataset.js';
import type { QueryFormData } from '../charts/formData.js';

// Form data is the charts' own (charts/formData.ts); the chart types read it from here with the
// rest of their contract.
export type { QueryFormData };

/** Gallery categories, as the BI server's gallery files its types. */
export const VIZ_CATEGORIES = [
  'Evolution',
  'Correlation',
  'Part of a Whole',
  'Distribution',
  'KPI',
  'Table',
  'Ranking',
  'Flow',
  'Map',
  'Other',
] as const;
export type VizCategory = (typeof VIZ_CATEGORIES)[number];

export interface VizMeta {
  /** the BI server's `viz_type` key (api-shapes "Visualization type keys") */
  key: string;
  /**
   * the type's place in the gallery ("All charts" in the chart type picker), smallest first; the
   * numbers go in tens so that a new type can take a place between two without renumbering
   */
  order: number;
  name: string;
  category: VizCategory;
  description: string;
  tags: string[];
  /** the types that may offer drill-to-detail / cross-filter (issue 13 reads these) */
  behaviors?: ('INTERACTIVE_CHART' | 'DRILL_TO_DETAIL' | 'DRILL_BY')[];
}

/** What a control's dynamic parts (choices, visibility, validators) may look at. */
export interface ControlContext {
  formData: QueryFormData;
  datasource: ExploreDatasource | null;
  /** the server's SQL_MAX_ROW */
  sqlMaxRow: number;
}

/** An error message for the value, or false when it is valid (spec section 5 "Control validators"). */
export type Validator = (value: unknown, ctx: ControlContext) => string | false;

/** The control components the web app provides, by name. */
export type ControlType =
  | 'MetricsControl'
  | 'MetricControl'
  | 'ColumnsControl'
  | 'ColumnControl'
  | 'AdhocFilterControl'
  | 'TimeRangeControl'
  | 'SelectControl'
  | 'TextControl'
  | 'TextAreaControl'
  | 'CheckboxControl'
  | 'SliderControl'
  | 'ColorSchemeControl'
  | 'ColorPickerControl'
  | 'ConditionalFormattingControl'
  | 'ColumnConfigControl'
  | 'AnnotationLayerControl'
  /** a `[min, max]` pair of numbers, either end may be null (axis bounds) */
  | 'BoundsControl'
  /** the time table's `column_collection`: a list of sparkline / comparison / contribution / average columns */
  | 'TimeSeriesColumnControl'
  /** `currency_format`: `{symbol, symbolPosition}`, an ISO 4217 code written before or after the value */
  | 'CurrencyControl'
  | 'HiddenControl';

export type ChoiceList = [value: unknown, label: string][];

export interface ControlConfig {
  type: ControlType;
  label: string;
  description?: string;
  default?: unknown;
  /** SelectControl: `[value, label]` pairs, fixed or from the datasource / form data */
  choices?: ChoiceList | ((ctx: ControlContext) => ChoiceList);
  /** SelectControl: values outside the choices may be typed (number and time formats) */
  freeForm?: boolean;
  multi?: boolean;
  clearable?: boolean;
  placeholder?: string;
  validators?: Validator[];
  /** the change only redraws the chart from the data it has; no new query */
  renderTrigger?: boolean;
  /** hidden (and its value stashed) when this answers false */
  visibility?: (ctx: ControlContext) => boolean;
  /** TextControl: parse the text as a number */
  isInt?: boolean;
  isFloat?: boolean;
  /** SliderControl */
  min?: number;
  max?: number;
  step?: number;
  /** ColumnControl / ColumnsControl: which datasource columns are offered */
  columnFilter?: 'all' | 'temporal' | 'numeric' | 'groupable' | 'filterable';
  /** ColorSchemeControl: categorical (default) or sequential schemes */
  schemeType?: 'categorical' | 'sequential';
  /**
   * ColumnConfigControl: the settings offered per column — a table's display settings (default),
   * or a radar's spoke range, per metric
   */
  columnSettings?: 'table' | 'radar';
}

export interface ControlPanelSection {
  label: string;
  description?: string;
  /** open when the panel first shows */
  expanded?: boolean;
  /** 'data' (the query) or 'customize' (the look) tab of the control panel */
  tab: 'data' | 'customize';
  /** rows of control names; each row's controls share a line */
  controlSetRows: string[][];
}

export interface ControlPanelConfig {
  sections: ControlPanelSection[];
  /** every control a section names: a shared control (sharedControls) or the type's own */
  controls: Record<string, ControlConfig>;
}

/** What a chart asks of its next query besides the form data (table server pagination, search). */
export interface BuildQueryOptions {
  ownState?: Record<string, unknown>;
}

/** form data → the query context posted to /api/v1/chart/data */
export type BuildQuery = (formData: QueryFormData, options?: BuildQueryOptions) => QueryContext;

/** Spec section 4 "Chart status". */
export const CHART_STATUSES = ['loading', 'success', 'failed', 'stopped', 'rendered'] as const;
export type ChartStatus = (typeof CHART_STATUSES)[number];

/**
 * An example chart of a type, over the example datasets: the "All chart types" dashboard shows it
 * (server/src/examples/gallery). Declared by the controls it sets, as Explore saves them; the rest
 * take their defaults. The legacy types keep their time column in `granularity_sqla` and their
 * range in `time_range`, as the BI server saves them.
 */
export interface VizExample {
  /** stable key: the chart's uuid derives from it */
  key: string;
  name: string;
  /** the example dataset's table */
  table: string;
  description?: string;
  params: Record<string, unknown>;
}

export interface VizDefinition {
  meta: VizMeta;
  buildQuery: BuildQuery;
  controlPanel: ControlPanelConfig;
  /** the type's chart on the "All chart types" dashboard, when no other example chart shows the type */
  example?: VizExample;
}
