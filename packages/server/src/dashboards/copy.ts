/**
 * POST /api/v1/dashboard/{id_or_slug}/copy/ ("save as"): a new dashboard with the title, CSS and
 * metadata sent and the layout of the one copied, or the `positions` inside json_metadata when the
 * client sends them (the BI server's client does). Native filter and cross-filter settings the
 * request leaves out come from the dashboard copied. With `duplicate_slices` its charts are copied
 * too, owned by the copier, and every chart reference in the layout and metadata (native filter
 * scopes, chart and global chart configuration included) moves to the copies. The new dashboard
 * belongs to the copier, is a draft, and has no slug.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { dashboardTitle, type DashboardCopied, type DashboardCopy } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import type { SliceRow } from '../access/charts.js';
import { nowIso } from '../metadata/db.js';
import { forbidden, invalidFields } from '../http/errors.js';
import { parseJsonObject } from '../explore/present.js';
import { DASHBOARD_FORBIDDEN, canEditDashboard } from '../access/dashboards.js';
import { remapLayoutCharts, remapMetadataChartIds, withChartUuids, type Position } from './chartRefs.js';
import { checkLayoutCharts, checkMetadata, checkPositionShape, chartsUserSees, layoutChartIds } from './checks.js';
import { lastModifiedTime } from './rules.js';
import type { DashboardService } from './service.js';
import { addOwners } from '../metadata/repos/owners.js';
import { insertChart, updateChartRow } from '../metadata/repos/charts.js';
import { insertDashboard, syncDashboardCharts } from '../metadata/repos/dashboards.js';

export const NO_CHART_WRITE = 'You do not have permission to duplicate charts';

/**
 * Filter settings a copy takes from the dashboard copied when the request does not send them:
 * the BI server builds a copy's metadata on the original's, so a client that sends only what its
 * save dialog shows still gets a copy whose native filters and cross-filters work.
 */
export const INHERITED_FILTER_KEYS = [
  'native_filter_configuration',
  'chart_configuration',
  'global_chart_configuration',
  'filter_bar_orientation',
] as const;

/** The sent metadata completed by the source's filter settings it leaves out. */
export function withInheritedFilters(sent: Record<string, unknown>, source: Record<string, unknown> | null): Record<string, unknown> {
  const out = { ...sent };
  for (const key of INHERITED_FILTER_KEYS) if (!(key in sent) && source && key in source) out[key] = source[key];
  return out;
}

/** JSON object text with `slice_id` (at the top and in `form_data`) naming the chart it now belongs to. */
export function withSliceId(text: string | null, id: number): string | null {
  const doc = parseJsonObject(text);
  if (!doc) return text;
  if ('slice_id' in doc) doc.slice_id = id;
  const formData = doc.form_data;
  if (formData && typeof formData === 'object' && !Array.isArray(formData) && 'slice_id' in formData)
    doc.form_data = { ...formData, slice_id: id };
  return JSON.stringify(doc);
}

/** Copies of the charts, owned by the user; answers old id → new id and the copies' uuids. */
async function duplicateCharts(
  db: Kysely<MetadataSchema>,
  user: Principal,
  charts: SliceRow[],
): Promise<{ ids: Map<number, number>; uuids: Map<number, string> }> {
  const ids = new Map<number, number>();
  const uuids = new Map<number, string>();
  const now = nowIso();
  for (const chart of charts) {
    const uuid = randomUUID();
    const id = await insertChart(db, {
      uuid,
      slice_name: chart.slice_name,
      datasource_id: chart.datasource_id,
      datasource_type: chart.datasource_type,
      viz_type: chart.viz_type,
      params: chart.params,
      query_context: chart.query_context,
      description: chart.description,
      cache_timeout: chart.cache_timeout,
      certified_by: null,
      certification_details: null,
      is_managed_externally: 0,
      external_url: null,
      last_saved_at: now,
      last_saved_by_fk: user.id,
      created_on: now,
      changed_on: now,
      created_by_fk: user.id,
      changed_by_fk: user.id,
    });
    await updateChartRow(db, id, {
      params: withSliceId(chart.params, id) ?? chart.params,
      query_context: withSliceId(chart.query_context, id),
    });
    await addOwners(db, 'chart', id, [user.id]);
    ids.set(chart.id, id);
    uuids.set(id, uuid);
  }
  return { ids, uuids };
}

export async function copyDashboard(
  service: DashboardService,
  user: Principal,
  idOrSlug: string,
  body: DashboardCopy,
): Promise<DashboardCopied> {
  const source = await service.visible(user, idOrSlug);
  // with DASHBOARD_RBAC on, copying is for those who may edit it (spec section 6); else any writer who sees it
  if (service.rbac && !canEditDashboard(user, source.ownerIds)) throw forbidden(DASHBOARD_FORBIDDEN);
  if (body.duplicate_slices && !user.can('can_write', 'Chart')) throw forbidden(NO_CHART_WRITE);

  const md = checkMetadata(body.json_metadata);
  if ('errors' in md) throw invalidFields({ json_metadata: md.errors });
  const members = await service.chartRows(source.row.id);
  const memberIds = new Set(members.map((m) => m.id));

  // the client's layout is the copy's truth; the stored one (older than charts added from Explore since) is completed by the members
  const sent = md.value?.positions ?? null;
  let position: Position | null = null;
  if (sent) {
    const shape = checkPositionShape(sent);
    if ('errors' in shape) throw invalidFields({ json_metadata: shape.errors });
    position = shape.position;
  } else {
    const stored = checkPositionShape(source.row.position_json);
    position = 'position' in stored ? stored.position : null;
  }
  if (position) {
    const charts = await checkLayoutCharts(service.ctx, user, position, memberIds);
    if ('errors' in charts) throw invalidFields({ json_metadata: charts.errors });
  }
  const placed = position ? layoutChartIds(position) : [];
  const chartIds = sent ? placed : [...new Set([...placed, ...memberIds])];

  const now = nowIso();
  const id = await service.db.transaction().execute(async (trx) => {
    let ids = new Map<number, number>();
    let uuids = new Map(members.map((m) => [m.id, m.uuid]));
    if (body.duplicate_slices) {
      // only the charts the user sees are copied; the others stay on the copy as they are
      const seen = await chartsUserSees(trx, user, members);
      const copied = await duplicateCharts(
        trx,
        user,
        members.filter((m) => seen.has(m.id)),
      );
      ids = copied.ids;
      uuids = new Map([...uuids, ...copied.uuids]);
    }
    const metadata = remapMetadataChartIds(withInheritedFilters(md.value?.metadata ?? {}, parseJsonObject(source.row.json_metadata)), ids, {
      dropUnknown: false,
    });
    const layout = position ? withChartUuids(remapLayoutCharts(position, ids), uuids) : null;
    const dashboardId = await insertDashboard(trx, {
      uuid: randomUUID(),
      dashboard_title: dashboardTitle(body.dashboard_title),
      slug: null,
      position_json: layout ? JSON.stringify(layout) : null,
      json_metadata: JSON.stringify(metadata),
      css: body.css ?? null,
      description: null,
      published: 0,
      certified_by: null,
      certification_details: null,
      is_managed_externally: 0,
      external_url: null,
      created_on: now,
      changed_on: now,
      created_by_fk: user.id,
      changed_by_fk: user.id,
    });
    await addOwners(trx, 'dashboard', dashboardId, [user.id]);
    await syncDashboardCharts(
      trx,
      dashboardId,
      chartIds.map((c) => ids.get(c) ?? c),
    );
    return dashboardId;
  });
  await service.ctx.versions.record('dashboard', id, user, { created: true });
  return { result: { id, last_modified_time: lastModifiedTime(now) } };
}
