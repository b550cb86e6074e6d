/**
 * GET /api/v1/dashboard/export/: dashboards with their charts, datasets and databases as a zip of
 * YAML files in the BI server's layout (`metadata.yaml` of type Dashboard,
 * `dashboards/<title>_<id>.yaml`, and the chart export's `charts/`, `datasets/`, `databases/`), so
 * a bundle moves between Rama and the BI server. A dashboard's layout names each chart by uuid
 * and its native filters name their datasets by uuid; charts linked to the dashboard but not yet
 * placed get a place, as the page would show them. Only what the user may see is exported.
 */
import { strToU8, zipSync } from 'fflate';
import { parsePositionJson, serializeLayout } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { EXPORT_VERSION, exportStamp, toYaml } from '../transfer/export.js';
import { bundleFileName, emptyBundle, writeChartFiles, writeDatasetFile } from '../charts/chart-export.js';
import { canReadChartDataset } from '../access/charts.js';
import { parseJsonObject } from '../explore/present.js';
import { nativeFilterDatasetIds, nativeFiltersByUuid, withChartUuids, type Position } from './chartRefs.js';
import type { DashboardRow } from './present.js';
import type { DashboardService } from './service.js';

/** `type` in metadata.yaml of a dashboard bundle (the BI server's model name) */
export const DASHBOARD_BUNDLE_TYPE = 'Dashboard';

/** A dashboard as its YAML holds it: layout and metadata as mappings. */
export function dashboardDocument(row: DashboardRow, position: Position, metadata: Record<string, unknown>): Record<string, unknown> {
  return {
    dashboard_title: row.dashboard_title,
    description: row.description,
    css: row.css,
    slug: row.slug,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    published: Boolean(row.published),
    uuid: row.uuid,
    position,
    metadata,
    is_managed_externally: Boolean(row.is_managed_externally),
    external_url: row.external_url,
    version: EXPORT_VERSION,
  };
}

/** The bundle of the given dashboards: all visible or 404, as the BI server answers. */
export async function exportDashboards(
  ctx: AppContext,
  service: DashboardService,
  user: Principal,
  ids: number[],
  now = new Date(),
): Promise<{ fileName: string; zip: Uint8Array }> {
  const rows: DashboardRow[] = [];
  for (const id of [...new Set(ids)]) rows.push((await service.visible(user, id)).row);
  const root = `dashboard_export_${exportStamp(now)}`;
  const files: Record<string, Uint8Array> = {
    [`${root}/metadata.yaml`]: strToU8(toYaml({ version: EXPORT_VERSION, type: DASHBOARD_BUNDLE_TYPE, timestamp: now.toISOString() })),
  };
  const written = emptyBundle();
  for (const row of rows) {
    const charts = await service.visibleChartRows(user, row.id);
    await writeChartFiles(ctx, files, root, charts, written);
    const layout = parsePositionJson(
      row.position_json,
      charts.map((c) => ({ id: c.id, slice_name: c.slice_name, uuid: c.uuid })),
    );
    const position = withChartUuids(JSON.parse(serializeLayout(layout)) as Position, new Map(charts.map((c) => [c.id, c.uuid])));
    const metadata = parseJsonObject(row.json_metadata) ?? {};
    const datasetUuids = new Map<number, string>();
    for (const datasetId of nativeFilterDatasetIds(metadata)) {
      if (!(await canReadChartDataset(ctx, user, { datasource_id: datasetId }))) continue;
      const dataset = await writeDatasetFile(ctx, files, root, datasetId, written);
      if (dataset) datasetUuids.set(dataset.id, dataset.uuid);
    }
    files[`${root}/dashboards/${bundleFileName(row.dashboard_title, row.id)}.yaml`] = strToU8(
      toYaml(dashboardDocument(row, position, nativeFiltersByUuid(metadata, datasetUuids))),
    );
  }
  return { fileName: `${root}.zip`, zip: zipSync(files, { level: 6, mtime: now }) };
}
