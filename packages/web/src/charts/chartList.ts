import { getVizDefinition, type ChartListItem } from '@rama/shared';
import type { ListFilter } from '../components/listState';
import { sharedText } from '../i18n';

/** The chart list's filters, as the toolbar holds them (null: not filtered on). */
export interface ChartFilters {
  name: string;
  vizType: string | null;
  datasetId: number | null;
  ownerId: number | null;
  dashboardId: number | null;
  favorite: boolean | null;
  certified: boolean | null;
  /** a custom tag's id (absent: not filtered on) */
  tagId?: number | null;
}

export const NO_CHART_FILTERS: ChartFilters = {
  name: '',
  vizType: null,
  datasetId: null,
  ownerId: null,
  dashboardId: null,
  favorite: null,
  certified: null,
  tagId: null,
};

/**
 * The rison filters of `GET /api/v1/chart/` (spec section 7 "Charts"): the name search is
 * `chart_all_text` (name, description and dataset), owners and dashboards are many-to-many
 * relations, favorites and certification are the server's `id` filters, a tag is `chart_tag_id`.
 */
export function chartListFilters(f: ChartFilters): ListFilter[] {
  const filters: ListFilter[] = [];
  const name = f.name.trim();
  if (name) filters.push({ col: 'slice_name', opr: 'chart_all_text', value: name });
  if (f.vizType !== null) filters.push({ col: 'viz_type', opr: 'eq', value: f.vizType });
  if (f.datasetId !== null) filters.push({ col: 'datasource_id', opr: 'eq', value: f.datasetId });
  if (f.ownerId !== null) filters.push({ col: 'owners', opr: 'rel_m_m', value: f.ownerId });
  if (f.dashboardId !== null) filters.push({ col: 'dashboards', opr: 'rel_m_m', value: f.dashboardId });
  if (f.favorite !== null) filters.push({ col: 'id', opr: 'chart_is_favorite', value: f.favorite });
  if (f.certified !== null) filters.push({ col: 'id', opr: 'chart_is_certified', value: f.certified });
  if (f.tagId != null) filters.push({ col: 'tags', opr: 'chart_tag_id', value: f.tagId });
  return filters;
}

/** The visualization's name as the gallery shows it; an unknown key shows as itself. */
export function vizTypeName(vizType: string): string {
  const name = getVizDefinition(vizType)?.meta.name;
  return name ? sharedText('visualizations', name) : vizType;
}

/** Where a saved chart opens. */
export const chartExplorePath = (id: number): string => `/explore/?slice_id=${id}`;

/** Where a new chart on a dataset opens, with a chosen visualization or the default. */
export function newChartPath(datasetId: number, vizType: string | null): string {
  const params = new URLSearchParams({ datasource_type: 'table', datasource_id: String(datasetId) });
  if (vizType) params.set('viz_type', vizType);
  return `/explore/?${params.toString()}`;
}

/** Owners and admins overwrite and delete a chart (spec section 6); the server checks again. */
export function canEditChart(chart: Pick<ChartListItem, 'owners'>, userId: number, isAdmin: boolean): boolean {
  return isAdmin || chart.owners.some((owner) => owner.id === userId);
}
