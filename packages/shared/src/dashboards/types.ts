/**
 * The dashboard layout contract (spec section 3 "Layout component", section 5 "Dashboard layout",
 * section 9 "Layout"). `position_json` is a map from component id to component; the shapes follow
 * the BI server's so its exported dashboards open unchanged.
 */
import type { ChartConfiguration, GlobalChartConfiguration } from '../filters/types.js';

export const ROOT_ID = 'ROOT_ID';
export const GRID_ID = 'GRID_ID';
export const HEADER_ID = 'HEADER_ID';
export const DASHBOARD_VERSION_KEY = 'DASHBOARD_VERSION_KEY';
/** the drag source id of the "new components" palette (spec: "source is the new-component source") */
export const NEW_COMPONENTS_SOURCE_ID = 'NEW_COMPONENTS_SOURCE_ID';

export const ROOT_TYPE = 'ROOT';
export const GRID_TYPE = 'GRID';
export const TABS_TYPE = 'TABS';
export const TAB_TYPE = 'TAB';
export const ROW_TYPE = 'ROW';
export const COLUMN_TYPE = 'COLUMN';
export const CHART_TYPE = 'CHART';
export const HEADER_TYPE = 'HEADER';
export const MARKDOWN_TYPE = 'MARKDOWN';
export const DIVIDER_TYPE = 'DIVIDER';
export const DYNAMIC_TYPE = 'DYNAMIC';

export const LAYOUT_TYPES = [
  ROOT_TYPE,
  GRID_TYPE,
  TABS_TYPE,
  TAB_TYPE,
  ROW_TYPE,
  COLUMN_TYPE,
  CHART_TYPE,
  HEADER_TYPE,
  MARKDOWN_TYPE,
  DIVIDER_TYPE,
  DYNAMIC_TYPE,
] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

/** Section 9: 12 grid columns, grid unit 8 px, edge zone 20 px, max chart id 65535. */
export const GRID_COLUMN_COUNT = 12;
export const GRID_BASE_UNIT = 8;
export const GRID_GUTTER_SIZE = 16;
export const GRID_DEFAULT_CHART_WIDTH = 4;
/** default heights in grid units (8 px) */
export const GRID_DEFAULT_CHART_HEIGHT = 50;
export const GRID_DEFAULT_MARKDOWN_HEIGHT = 50;
export const GRID_MIN_COLUMN_COUNT = 1;
export const GRID_MIN_ROW_UNITS = 5;
export const GRID_MAX_ROW_UNITS = 100;
export const DROP_EDGE_ZONE_PX = 20;
export const MAX_CHART_ID = 65535;
export const NEW_HEADER_TEXT = 'New header';
export const NEW_TAB_TITLE = 'Tab title';
/**
 * The deepest a tab or column may sit and still take a tabs component (the BI server's limit; the
 * grid takes tabs only at its own depth 1). Depth counts as in nesting.ts: root 0, grid 1, rows and
 * columns add one, tabs and nested tabs add none, a top-level tab's children are at 2.
 */
export const MAX_TABS_DEPTH = 3;
/** section 4 "the undo history is capped (limit = a named constant plus 2)"; api-shapes: 50 (+2) */
export const UNDO_LIMIT = 50;
export const UNDO_HISTORY_LIMIT = UNDO_LIMIT + 2;

export const BACKGROUND_TRANSPARENT = 'BACKGROUND_TRANSPARENT';
export const BACKGROUND_WHITE = 'BACKGROUND_WHITE';
export type Background = typeof BACKGROUND_TRANSPARENT | typeof BACKGROUND_WHITE;
export type HeaderSize = 'SMALL_HEADER' | 'MEDIUM_HEADER' | 'LARGE_HEADER';

export interface LayoutMeta {
  width?: number;
  height?: number;
  /** header text, tab title */
  text?: string;
  /** tab default title, BI server compat */
  defaultText?: string;
  background?: Background | string;
  chartId?: number;
  sliceName?: string;
  /** a title override set on the dashboard */
  sliceNameOverride?: string;
  uuid?: string;
  headerSize?: HeaderSize | string;
  /** markdown source */
  code?: string;
  [key: string]: unknown;
}

export interface LayoutItem {
  type: LayoutType;
  id: string;
  children: string[];
  parents?: string[];
  meta?: LayoutMeta;
}

/** The layout as the client keeps it: component id → component (the version key dropped). */
export type DashboardLayout = Record<string, LayoutItem>;

/** A drag location: the parent component and the index among its children. */
export interface DropLocation {
  id: string;
  type: LayoutType;
  index: number;
}

/** What a drop carries (BI server's `dropResult`). */
export interface DropResult {
  source: DropLocation;
  destination: DropLocation | null;
  dragging: { id: string; type: LayoutType; meta?: LayoutMeta };
  /** set when the drop location is "at the edge" of the destination (top-level tabs) */
  position?: DropPosition;
}

export type DropPosition = 'TOP' | 'RIGHT' | 'BOTTOM' | 'LEFT' | 'FORBIDDEN' | null;

/** Spec section 5 "Dashboard layout" messages. */
export const DROP_MESSAGES = {
  notEnoughSpace: 'There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
  topLevelTabIntoNested: 'Can not move top level tab into nested tabs',
  movedToDifferentScope: 'This chart has been moved to a different filter scope.',
  noChartDefinition: 'Sorry, there is no chart definition associated with the chart trying to be added.',
} as const;

/** Spec section 8 "Dashboards". */
export const DASHBOARD_MESSAGES = {
  favoriteStatusFailed: 'There was an issue fetching the favorite status of this dashboard.',
  favoriteFailed: 'There was an issue favoriting this dashboard.',
  published: 'This dashboard is now published',
  hidden: 'This dashboard is now hidden',
  noPublishPermission: 'You do not have permissions to edit this dashboard.',
  noSavePermission: 'You do not have permission to edit this dashboard',
  saveError: (detail: string) => `Sorry, there was an error saving this dashboard: ${detail}`,
  unknownError: 'Sorry, an unknown error occurred',
  saved: 'This dashboard was saved successfully.',
  confirmOverwrite: 'Please confirm the overwrite values.',
  undoLimit: (historyLength: number) =>
    `You have used all ${historyLength} undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.`,
  crossFilterScopingFailed: 'Failed to save cross-filter scoping',
} as const;

/** Section 2 "URL parameters read". */
export const DASHBOARD_STANDALONE = { None: 0, HideNav: 1, HideNavAndTitle: 2, Report: 3 } as const;
export const UI_CONFIG_BITS = { hideTitle: 1, hideTabs: 2, hideNav: 4, hideChartControls: 8 } as const;

/** Section 9: colour sync debounce; refresh stagger default. */
export const COLOR_SYNC_DEBOUNCE_MS = 500;
export const DEFAULT_STAGGER_TIME_MS = 5000;

/** The BI server's auto-refresh choices, in seconds (0 = don't refresh). */
export const REFRESH_INTERVALS: readonly (readonly [number, string])[] = [
  [0, "Don't refresh"],
  [10, '10 seconds'],
  [30, '30 seconds'],
  [60, '1 minute'],
  [300, '5 minutes'],
  [1800, '30 minutes'],
  [3600, '1 hour'],
  [21600, '6 hours'],
  [43200, '12 hours'],
  [86400, '24 hours'],
];

/** json_metadata as the client reads it; unknown keys are kept. */
export interface DashboardMetadata {
  color_scheme?: string | null;
  color_namespace?: string | null;
  color_scheme_domain?: string[];
  label_colors?: Record<string, string>;
  shared_label_colors?: string[] | Record<string, string>;
  map_label_colors?: Record<string, string>;
  expanded_slices?: Record<string, boolean>;
  refresh_frequency?: number;
  timed_refresh_immune_slices?: number[];
  cross_filters_enabled?: boolean;
  stagger_time?: number;
  stagger_refresh?: boolean;
  default_filters?: string;
  filter_scopes?: Record<string, unknown>;
  chart_configuration?: ChartConfiguration | Record<string, unknown>;
  global_chart_configuration?: GlobalChartConfiguration | Record<string, unknown>;
  native_filter_configuration?: unknown[];
  filter_bar_orientation?: 'VERTICAL' | 'HORIZONTAL';
  positions?: Record<string, unknown>;
  [key: string]: unknown;
}
