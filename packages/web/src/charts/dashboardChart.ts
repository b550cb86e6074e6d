import { jsonObject, type ChartDetail, type DashboardChart } from '@rama/shared';

/** A chart put on the dashboard while editing: its detail (GET /api/v1/chart/{id}) as the dashboard's chart shape. */
export function dashboardChartFromDetail(detail: ChartDetail): DashboardChart {
  const params = jsonObject(detail.params);
  return {
    id: detail.id,
    uuid: detail.uuid,
    slice_name: detail.slice_name,
    viz_type: detail.viz_type,
    form_data: {
      ...params,
      slice_id: detail.id,
      viz_type: detail.viz_type,
      datasource: `${detail.datasource_id}__${detail.datasource_type}`,
    },
    query_context: detail.query_context,
    slice_url: `/explore/?slice_id=${detail.id}`,
    description: detail.description,
    cache_timeout: detail.cache_timeout,
    certified_by: detail.certified_by,
    certification_details: detail.certification_details,
    is_managed_externally: detail.is_managed_externally,
    changed_on: detail.changed_on,
  };
}
