/**
 * The edit-mode palette (issue 12 part 4): the new layout elements, and the saved-charts list as the
 * spec's chart list call asks for it (section 7 "GET /api/v1/chart/?q=: filters on slice_name
 * (chart_all_text) and owners (rel_m_m); page_size 200; ordered by changed_on descending or another
 * column ascending").
 */
import {
  CHART_LIST_PAGE_SIZE,
  COLUMN_TYPE,
  DIVIDER_TYPE,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  HEADER_TYPE,
  MARKDOWN_TYPE,
  ROW_TYPE,
  TABS_TYPE,
  type ChartListItem,
  type LayoutType,
  type ListQuery,
} from '@rama/shared';
import { t } from '../../i18n';
import { newComponentItem, type DragItem } from './dndModel';

/** The palette's layout elements, in the order shown (labels read in the current language). */
export const NEW_ELEMENTS: readonly { key: string; type: LayoutType; label: string }[] = [
  {
    key: 'NEW_TABS_ID',
    type: TABS_TYPE,
    get label() {
      return t('dashboard:builder.tabs');
    },
  },
  {
    key: 'NEW_ROW_ID',
    type: ROW_TYPE,
    get label() {
      return t('dashboard:builder.row');
    },
  },
  {
    key: 'NEW_COLUMN_ID',
    type: COLUMN_TYPE,
    get label() {
      return t('dashboard:builder.column');
    },
  },
  {
    key: 'NEW_HEADER_ID',
    type: HEADER_TYPE,
    get label() {
      return t('dashboard:builder.header');
    },
  },
  {
    key: 'NEW_MARKDOWN_ID',
    type: MARKDOWN_TYPE,
    get label() {
      return t('dashboard:builder.markdown');
    },
  },
  {
    key: 'NEW_DIVIDER_ID',
    type: DIVIDER_TYPE,
    get label() {
      return t('dashboard:builder.divider');
    },
  },
];

export type ChartSort = 'changed_on' | 'slice_name' | 'viz_type' | 'datasource_name_text';

export const CHART_SORTS: readonly { value: ChartSort; label: string }[] = [
  {
    value: 'changed_on',
    get label() {
      return t('dashboard:builder.sortRecent');
    },
  },
  {
    value: 'slice_name',
    get label() {
      return t('common:name');
    },
  },
  {
    value: 'viz_type',
    get label() {
      return t('dashboard:builder.sortVizType');
    },
  },
  {
    value: 'datasource_name_text',
    get label() {
      return t('common:dataset');
    },
  },
];

/** What each chart row needs. */
export const PANE_CHART_COLUMNS = [
  'id',
  'uuid',
  'slice_name',
  'viz_type',
  'datasource_name_text',
  'description',
  'changed_on_utc',
  'changed_on_delta_humanized',
] as const;

export type PaneChart = Pick<ChartListItem, (typeof PANE_CHART_COLUMNS)[number]>;

export function chartPaneQuery(opts: { search: string; sort: ChartSort; onlyMine: boolean; userId: number }): ListQuery {
  const filters: NonNullable<ListQuery['filters']> = [];
  const text = opts.search.trim();
  if (text) filters.push({ col: 'slice_name', opr: 'chart_all_text', value: text });
  if (opts.onlyMine) filters.push({ col: 'owners', opr: 'rel_m_m', value: opts.userId });
  return {
    filters,
    order_column: opts.sort,
    order_direction: opts.sort === 'changed_on' ? 'desc' : 'asc',
    page: 0,
    page_size: CHART_LIST_PAGE_SIZE,
    columns: [...PANE_CHART_COLUMNS],
  };
}

/** A saved chart as a palette item: dropping it creates a CHART component of the default size. */
export function chartDragItem(chart: Pick<PaneChart, 'id' | 'slice_name' | 'uuid'>): DragItem {
  return newComponentItem(`NEW_CHART-${chart.id}`, 'CHART', chart.slice_name, {
    chartId: chart.id,
    sliceName: chart.slice_name,
    uuid: chart.uuid,
    width: GRID_DEFAULT_CHART_WIDTH,
    height: GRID_DEFAULT_CHART_HEIGHT,
  });
}
