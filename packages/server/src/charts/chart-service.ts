/**
 * Saved charts: read, create, update and delete, with the BI server's rules — the dataset must be
 * one the user may read, the creator owns the chart (non-admins always stay owners), only owners
 * and admins change it, and `dashboards` links it to dashboards the user may edit.
 */
import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import {
  DEFAULT_VIZ_TYPE,
  isKnownVizType,
  unknownVizTypeMessage,
  type ChartCreate,
  type ChartDetail,
  type ChartUpdate,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import type { SliceTable } from '../metadata/schema.js';
import { flag, nowIso } from '../metadata/db.js';
import type { Principal } from '../security/principal.js';
import { HttpError, invalidFields } from '../http/errors.js';
import { canReadChartDataset, editableChart, visibleChart } from '../access/charts.js';
import { checkDashboards, replaceDashboardLinks } from './chart-dashboards.js';
import { presentChartDetail } from './chart-present.js';
import { thumbnailUrl } from '../security/thumbnail-digest.js';
import { DATASET_DATASOURCE_TYPES, chartParts } from './chart-rows.js';
import { untagObjects } from '../metadata/repos/tags.js';
import { markVersionsDeleted } from '../versions/store.js';
import { addOwners, setOwners } from '../metadata/repos/owners.js';
import { usersExist } from '../metadata/repos/users.js';
import { deleteCharts, insertChart, updateChartRow } from '../metadata/repos/charts.js';
import { linkChartToDashboards } from '../metadata/repos/dashboards.js';
import { removeStarsOf } from '../metadata/repos/favorites.js';

const datasourceMissing = () => new HttpError(422, { message: { datasource_id: ['Datasource does not exist'] } });

/** `params` and `query_context` hold a JSON object when given (400 naming the field otherwise). */
export function checkJsonFields(body: { params?: string | null; query_context?: string | null }): void {
  const errors: Record<string, string[]> = {};
  for (const field of ['params', 'query_context'] as const) {
    const text = body[field];
    if (text === undefined || text === null || text === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      errors[field] = ['Not a valid JSON object.'];
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) errors[field] = ['Not a valid JSON object.'];
  }
  if (Object.keys(errors).length) throw invalidFields(errors);
}

/** The `viz_type` inside form data JSON text (already checked to be an object), if any. */
function paramsVizType(params: string | null | undefined): string | null {
  if (!params) return null;
  const fd = JSON.parse(params) as Record<string, unknown>;
  return typeof fd.viz_type === 'string' && fd.viz_type ? fd.viz_type : null;
}

/** The viz type a save names, else the one in its form data, else the default 'table'. */
export const vizTypeOf = (vizType: string | undefined, params: string | null | undefined): string =>
  vizType || paramsVizType(params) || DEFAULT_VIZ_TYPE;

/**
 * A save names a visualization Rama draws or one of the BI server's legacy keys (kept for a later
 * migration); anything else is a 400 on `viz_type`. Imports keep their charts' keys unchecked.
 */
export function checkVizType(vizType: string): void {
  if (!isKnownVizType(vizType)) throw invalidFields({ viz_type: [unknownVizTypeMessage(vizType)] });
}

/** A PUT that only stores a regenerated query context: any viewer may send it (the BI server's rule). */
export const isQueryContextUpdate = (body: ChartUpdate): boolean =>
  body.query_context_generation === true && Object.keys(body).every((k) => k === 'query_context' || k === 'query_context_generation');

const emptyToNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v);

export class ChartService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.store.db;
  }

  async detail(user: Principal, id: number): Promise<ChartDetail> {
    const { row } = await visibleChart(this.ctx, user, id);
    const [parts] = await chartParts(this.ctx, [row]);
    return presentChartDetail({ ...parts, thumbnailUrl: thumbnailUrl(this.ctx.config, user, 'chart', row) });
  }

  /** The datasource must be a dataset the user may read (422 on `datasource_id` otherwise). */
  private async checkDatasource(user: Principal, type: string, id: number): Promise<void> {
    if (!DATASET_DATASOURCE_TYPES.includes(type)) throw datasourceMissing();
    if (!(await canReadChartDataset(this.ctx, user, { datasource_id: id }))) throw datasourceMissing();
  }

  /** The owners a save names, the saving user kept unless an admin; 422 when one does not exist. */
  private async ownersOf(user: Principal, owners: number[] | undefined, current: number[] = [user.id]): Promise<number[]> {
    const ids = [...new Set(owners ?? current)];
    if (!user.isAdmin && !ids.includes(user.id)) ids.push(user.id);
    if (!(await usersExist(this.db, ids))) throw new HttpError(422, { message: { owners: ['Owners are invalid'] } });
    return ids;
  }

  async create(user: Principal, body: ChartCreate): Promise<{ id: number; result: ChartDetail }> {
    checkJsonFields(body);
    const vizType = vizTypeOf(body.viz_type, body.params);
    checkVizType(vizType);
    await this.checkDatasource(user, body.datasource_type, body.datasource_id);
    const ownerIds = await this.ownersOf(user, body.owners);
    const dashboards = await checkDashboards(this.db, user, body.dashboards ?? []);
    const now = nowIso();
    const id = await this.db.transaction().execute(async (trx) => {
      const chartId = await insertChart(trx, {
        uuid: randomUUID(),
        slice_name: body.slice_name,
        datasource_id: body.datasource_id,
        datasource_type: body.datasource_type,
        viz_type: vizType,
        params: emptyToNull(body.params) ?? '{}',
        query_context: emptyToNull(body.query_context),
        description: body.description ?? null,
        cache_timeout: body.cache_timeout ?? null,
        certified_by: emptyToNull(body.certified_by),
        certification_details: emptyToNull(body.certification_details),
        is_managed_externally: flag(body.is_managed_externally),
        external_url: emptyToNull(body.external_url),
        last_saved_at: now,
        last_saved_by_fk: user.id,
        created_on: now,
        changed_on: now,
        created_by_fk: user.id,
        changed_by_fk: user.id,
      });
      await addOwners(trx, 'chart', chartId, ownerIds);
      await linkChartToDashboards(trx, chartId, dashboards);
      return chartId;
    });
    await this.ctx.versions.record('chart', id, user, { created: true });
    return { id, result: await this.detail(user, id) };
  }

  async update(user: Principal, id: number, body: ChartUpdate): Promise<{ id: number; result: ChartDetail }> {
    checkJsonFields(body);
    const vizType = body.viz_type || paramsVizType(body.params);
    if (vizType) checkVizType(vizType);
    const regenerated = isQueryContextUpdate(body);
    const chart = regenerated ? await visibleChart(this.ctx, user, id) : await editableChart(this.ctx, user, id);
    const datasourceChanged = body.datasource_id !== undefined || body.datasource_type !== undefined;
    if (datasourceChanged)
      await this.checkDatasource(user, body.datasource_type ?? chart.row.datasource_type, body.datasource_id ?? chart.row.datasource_id);
    const ownerIds = body.owners !== undefined ? await this.ownersOf(user, body.owners, chart.ownerIds) : null;
    const dashboards = body.dashboards !== undefined ? await checkDashboards(this.db, user, body.dashboards) : null;
    const now = nowIso();
    const set: Updateable<SliceTable> = { changed_on: now, changed_by_fk: user.id };
    if (!regenerated) Object.assign(set, { last_saved_at: now, last_saved_by_fk: user.id });
    if (body.slice_name !== undefined) set.slice_name = body.slice_name;
    if (body.description !== undefined) set.description = body.description;
    if (body.params !== undefined) set.params = emptyToNull(body.params) ?? '{}';
    if (vizType) set.viz_type = vizType;
    if (body.query_context !== undefined) set.query_context = emptyToNull(body.query_context);
    if (body.cache_timeout !== undefined) set.cache_timeout = body.cache_timeout;
    if (body.datasource_id !== undefined) set.datasource_id = body.datasource_id;
    if (body.datasource_type !== undefined) set.datasource_type = body.datasource_type;
    if (body.certified_by !== undefined) set.certified_by = emptyToNull(body.certified_by);
    if (body.certification_details !== undefined) set.certification_details = emptyToNull(body.certification_details);
    if (body.external_url !== undefined) set.external_url = emptyToNull(body.external_url);
    if (body.is_managed_externally !== undefined) set.is_managed_externally = flag(body.is_managed_externally);
    if (!regenerated) await this.ctx.versions.baseline('chart', id);
    await this.db.transaction().execute(async (trx) => {
      await updateChartRow(trx, id, set);
      if (ownerIds) await setOwners(trx, 'chart', id, ownerIds);
      if (dashboards) await replaceDashboardLinks(trx, user, id, dashboards);
    });
    await this.ctx.versions.record('chart', id, user);
    return { id, result: await this.detail(user, id) };
  }

  /**
   * Delete charts, all or none: any one missing or hidden → 404, any one the user may not change →
   * 403. Owners and dashboard links go with the chart (foreign keys cascade); favorites too.
   */
  async delete(user: Principal, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    // every chart checked (404 before 403, as each one answers alone) before anything is deleted
    for (const id of unique) await visibleChart(this.ctx, user, id);
    for (const id of unique) await editableChart(this.ctx, user, id);
    await this.db.transaction().execute(async (trx) => {
      await removeStarsOf(trx, 'slice', unique);
      await deleteCharts(trx, unique);
      await untagObjects(trx, 'chart', unique);
      await markVersionsDeleted(trx, 'chart', unique, user.id, nowIso());
    });
    return unique.length;
  }
}
