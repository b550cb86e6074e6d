import {
  dashboardTitle,
  normalizeSlug,
  type DashboardChart,
  type DashboardCreate,
  type DashboardDetail,
  type DashboardStored,
  type ExploreDatasource,
  type FavoriteStatus,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import { addOwners, ownersOf } from '../metadata/repos/owners.js';
import {
  addDashboardRoles,
  dashboardChartNames,
  dashboardChartRows,
  dashboardIdsWhere,
  dashboardRoles,
  deleteDashboards,
  findDashboard,
  insertDashboard,
  rolesAmong,
  slugInUse,
  syncDashboardCharts,
} from '../metadata/repos/dashboards.js';
import { databaseRefs } from '../metadata/repos/datasources.js';
import { addStar, isStarred, removeStar, removeStarsOf, starredAmong } from '../metadata/repos/favorites.js';
import { usersById, usersExist } from '../metadata/repos/users.js';
import type { Principal } from '../security/principal.js';
import { flag, nowIso } from '../metadata/db.js';
import { HttpError, forbidden, invalidFields, notFound } from '../http/errors.js';
import { datasetScope, type DatasetScope } from '../access/datasets.js';
import { MAX_ID } from '../datasets/present.js';
import { DatasetService } from '../datasets/service.js';
import { loadExploreDatasource } from '../datasets/metadata.js';
import type { SliceRow } from '../access/charts.js';
import { DATASET_DATASOURCE_TYPES } from '../charts/chart-rows.js';
import { DASHBOARD_FORBIDDEN, canEditDashboard, dashboardVisibility } from '../access/dashboards.js';
import { customTagsOf, untagObjects } from '../metadata/repos/tags.js';
import { markVersionsDeleted } from '../versions/store.js';
import { presentChart, presentDetail, type DashboardRow, type Users } from './present.js';
import { thumbnailUrl } from '../security/thumbnail-digest.js';
import { checkLayoutCharts, checkMetadata, checkPositionShape, chartsUserSees, type CheckedLayout } from './checks.js';

/** Favorites of dashboards are filed under this class name, as the BI server files them. */
export const DASHBOARD_FAVORITE_CLASS = 'Dashboard';

export const dashboardNotFound = () => notFound('Dashboard not found');
/** 422 with per-field messages, as the BI server answers a well-formed but unacceptable dashboard. */
export const unprocessable = (fields: Record<string, string[]>) => new HttpError(422, { message: fields });
export const SLUG_TAKEN = 'Must be unique';

export interface VisibleDashboard {
  row: DashboardRow;
  ownerIds: number[];
}

/** What a create stores and answers with (the BI server echoes what it stored). */
export type DashboardCreated = Omit<DashboardStored, 'external_url' | 'is_managed_externally'>;

export const emptyToNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v);

/** The checked JSON of a save: the metadata text to store and the layout, when one was sent. */
export interface CheckedJson {
  /** undefined: not sent */
  metadataText?: string | null;
  /** undefined: no layout sent; null: the layout cleared */
  layout?: CheckedLayout | null;
}

export class DashboardService {
  constructor(readonly ctx: AppContext) {}

  get db() {
    return this.ctx.store.db;
  }

  /** The DASHBOARD_RBAC feature flag: roles on a dashboard grant viewing, and `roles` is stored. */
  get rbac(): boolean {
    return this.ctx.config.featureFlags.DASHBOARD_RBAC === true;
  }

  users(ids: (number | null)[]): Promise<Users> {
    return usersById(this.db, ids);
  }

  async scope(user: Principal): Promise<DatasetScope> {
    return datasetScope(user, await databaseRefs(this.db));
  }

  /** The dashboard by id (digits) or slug, when the user may see it; 404 otherwise. */
  async visible(user: Principal, idOrSlug: number | string): Promise<VisibleDashboard> {
    const key = String(idOrSlug);
    const byId = /^\d{1,10}$/.test(key);
    if (byId ? Number(key) > MAX_ID || Number(key) < 1 : key.length > 255) throw dashboardNotFound();
    const scope = await this.scope(user);
    const row = await findDashboard(
      this.db,
      byId ? { id: Number(key) } : { slug: key },
      (eb) => dashboardVisibility(eb, user, scope, { rbac: this.rbac }) ?? eb.lit(true),
    );
    if (!row) throw dashboardNotFound();
    return { row, ownerIds: await ownersOf(this.db, 'dashboard', row.id) };
  }

  /**
   * The dashboard when the user may change it: 404 when hidden, 403 (with `message`, the spec's
   * wording for what was tried) when visible but not theirs.
   */
  async editable(user: Principal, idOrSlug: number | string, message = DASHBOARD_FORBIDDEN): Promise<VisibleDashboard> {
    const found = await this.visible(user, idOrSlug);
    if (!canEditDashboard(user, found.ownerIds)) throw forbidden(message);
    return found;
  }

  async get(user: Principal, idOrSlug: number | string): Promise<DashboardDetail> {
    const { row, ownerIds } = await this.visible(user, idOrSlug);
    const [users, roles, charts] = await Promise.all([
      this.users([...ownerIds, row.created_by_fk, row.changed_by_fk]),
      dashboardRoles(this.db, row.id),
      dashboardChartNames(this.db, row.id),
    ]);
    const tags = (await customTagsOf(this.db, 'dashboard', [row.id])).get(row.id) ?? [];
    return presentDetail(row, {
      ownerIds,
      users,
      roles,
      charts,
      tags,
      thumbnailUrl: thumbnailUrl(this.ctx.config, user, 'dashboard', row),
    });
  }

  /** Owners as given (the saving user kept among them unless an admin chose others); 422 when one does not exist. */
  async ownersFor(user: Principal, given: number[] | undefined): Promise<number[]> {
    const owners = [...new Set(given ?? [user.id])];
    if (!user.isAdmin && !owners.includes(user.id)) owners.push(user.id);
    if (!(await usersExist(this.db, owners))) throw unprocessable({ owners: ['Owners are invalid'] });
    return owners;
  }

  async rolesFor(given: number[] | undefined): Promise<number[]> {
    const roles = [...new Set(given ?? [])];
    const found = await rolesAmong(this.db, roles);
    if (found.length !== roles.length) throw unprocessable({ roles: ['Some roles do not exist'] });
    return roles;
  }

  /** Is the slug held by a dashboard other than `exceptId`? */
  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    return slugInUse(this.db, slug, exceptId);
  }

  /**
   * json_metadata and position_json of a save, checked (400 with per-field messages): the layout
   * is `position_json` when sent, else the `positions` the BI server's client puts in
   * json_metadata. `onDashboard`: the charts the dashboard already has.
   */
  async checkJson(
    user: Principal,
    body: { json_metadata?: string | null; position_json?: string | null },
    onDashboard: ReadonlySet<number>,
  ): Promise<CheckedJson> {
    const bad: Record<string, string[]> = {};
    const out: CheckedJson = {};
    let positions: unknown;
    if (body.json_metadata !== undefined) {
      const md = checkMetadata(body.json_metadata);
      if ('errors' in md) bad.json_metadata = md.errors;
      else {
        out.metadataText = md.value ? JSON.stringify(md.value.metadata) : null;
        positions = md.value?.positions ?? undefined;
      }
    }
    const rawLayout = body.position_json !== undefined ? body.position_json : positions;
    if (rawLayout !== undefined) {
      const shape = checkPositionShape(rawLayout);
      if ('errors' in shape) bad.position_json = shape.errors;
      else if (shape.position === null) out.layout = null;
      else {
        const charts = await checkLayoutCharts(this.ctx, user, shape.position, onDashboard);
        if ('errors' in charts) bad.position_json = charts.errors;
        else out.layout = charts.layout;
      }
    }
    if (Object.keys(bad).length) throw invalidFields(bad);
    return out;
  }

  async create(user: Principal, body: DashboardCreate): Promise<{ id: number; result: DashboardCreated }> {
    const json = await this.checkJson(user, body, new Set());
    const slug = normalizeSlug(body.slug);
    if (slug !== null && (await this.slugTaken(slug))) throw unprocessable({ slug: [SLUG_TAKEN] });
    const owners = await this.ownersFor(user, body.owners);
    const roles = this.rbac ? await this.rolesFor(body.roles) : [];
    const now = nowIso();
    const result: DashboardCreated = {
      dashboard_title: dashboardTitle(body.dashboard_title),
      slug,
      owners,
      roles,
      position_json: json.layout?.text ?? null,
      css: body.css ?? null,
      json_metadata: json.metadataText ?? null,
      published: body.published ?? false,
      certified_by: emptyToNull(body.certified_by),
      certification_details: emptyToNull(body.certification_details),
    };
    let id: number;
    try {
      id = await this.db.transaction().execute(async (trx) => {
        const dashboardId = await insertDashboard(trx, {
          uuid: crypto.randomUUID(),
          dashboard_title: result.dashboard_title,
          slug,
          position_json: result.position_json,
          json_metadata: result.json_metadata,
          css: result.css,
          description: null,
          published: flag(result.published),
          certified_by: result.certified_by,
          certification_details: result.certification_details,
          is_managed_externally: flag(body.is_managed_externally),
          external_url: emptyToNull(body.external_url),
          created_on: now,
          changed_on: now,
          created_by_fk: user.id,
          changed_by_fk: user.id,
        });
        await addOwners(trx, 'dashboard', dashboardId, owners);
        await addDashboardRoles(trx, dashboardId, roles);
        if (json.layout) await syncDashboardCharts(trx, dashboardId, json.layout.chartIds);
        return dashboardId;
      });
    } catch (e) {
      // two creates racing for one slug: the unique index decides
      if (slug !== null && (await this.slugTaken(slug))) throw unprocessable({ slug: [SLUG_TAKEN] });
      throw e;
    }
    await this.ctx.versions.record('dashboard', id, user, { created: true });
    return { id, result };
  }

  /**
   * Delete dashboards, all or none (the BI server's bulk delete): any one missing or hidden → 404,
   * any one visible but not the user's → 403, before anything is deleted. Their charts stay.
   */
  async delete(user: Principal, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const found: VisibleDashboard[] = [];
    for (const id of unique) found.push(await this.visible(user, id));
    if (found.some((f) => !canEditDashboard(user, f.ownerIds))) throw forbidden(DASHBOARD_FORBIDDEN);
    await this.db.transaction().execute(async (trx) => {
      await removeStarsOf(trx, DASHBOARD_FAVORITE_CLASS, unique);
      await deleteDashboards(trx, unique);
      await untagObjects(trx, 'dashboard', unique);
      await markVersionsDeleted(trx, 'dashboard', unique, user.id, nowIso());
    });
    return unique.length;
  }

  /** All the charts linked to the dashboard, by id. */
  chartRows(dashboardId: number): Promise<SliceRow[]> {
    return dashboardChartRows(this.db, dashboardId);
  }

  /** The dashboard's charts that the user may see (charts on datasets they cannot read stay out). */
  async visibleChartRows(user: Principal, dashboardId: number): Promise<SliceRow[]> {
    const rows = await this.chartRows(dashboardId);
    const seen = await chartsUserSees(this.db, user, rows);
    return rows.filter((r) => seen.has(r.id));
  }

  async charts(user: Principal, idOrSlug: number | string): Promise<DashboardChart[]> {
    const { row } = await this.visible(user, idOrSlug);
    return (await this.visibleChartRows(user, row.id)).map(presentChart);
  }

  /**
   * GET /{id_or_slug}/datasets: the datasets of the dashboard's charts that the user may read, as
   * Explore reads a datasource (columns, metrics, the database's engine), by id.
   */
  async datasets(user: Principal, idOrSlug: number | string): Promise<ExploreDatasource[]> {
    const { row } = await this.visible(user, idOrSlug);
    const rows = await this.chartRows(row.id);
    const ids = [...new Set(rows.filter((r) => DATASET_DATASOURCE_TYPES.includes(r.datasource_type)).map((r) => r.datasource_id))].sort(
      (a, b) => a - b,
    );
    const service = new DatasetService(this.ctx);
    const out: ExploreDatasource[] = [];
    for (const id of ids) {
      try {
        out.push(await loadExploreDatasource(this.ctx, service, user, id));
      } catch (e) {
        if (!(e instanceof HttpError && e.statusCode === 404)) throw e;
      }
    }
    return out;
  }

  /** Whether each visible dashboard among `ids` is the user's favorite; 404 when none is visible. */
  async favoriteStatus(user: Principal, ids: number[]): Promise<FavoriteStatus[]> {
    const scope = await this.scope(user);
    const visible = await dashboardIdsWhere(
      this.db,
      ids,
      (eb) => dashboardVisibility(eb, user, scope, { rbac: this.rbac }) ?? eb.lit(true),
    );
    if (!visible.length) throw dashboardNotFound();
    const faves = await starredAmong(this.db, user.id, DASHBOARD_FAVORITE_CLASS, visible);
    const shown = new Set(visible);
    return ids.filter((id) => shown.has(id)).map((id) => ({ id, value: faves.has(id) }));
  }

  /** Star or unstar a dashboard the user sees; starring twice keeps one star. */
  async setFavorite(user: Principal, id: number, on: boolean): Promise<void> {
    await this.visible(user, id);
    if (!on) {
      await removeStar(this.db, user.id, DASHBOARD_FAVORITE_CLASS, id);
      return;
    }
    if (await isStarred(this.db, user.id, DASHBOARD_FAVORITE_CLASS, id)) return;
    try {
      await addStar(this.db, user.id, DASHBOARD_FAVORITE_CLASS, id);
    } catch (e) {
      // a concurrent star won the unique index: the dashboard is starred either way
      if (!(await isStarred(this.db, user.id, DASHBOARD_FAVORITE_CLASS, id))) throw e;
    }
  }
}
