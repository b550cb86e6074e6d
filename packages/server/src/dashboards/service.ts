import type { DashboardChart, DashboardCreate, DashboardDetail, FavoriteStatus } from '@rama/shared';
import type { AppContext } from '../context.js';
import { usersById } from '../metadata/users.js';
import type { Principal } from '../security/principal.js';
import { flag, nowIso } from '../metadata/db.js';
import { HttpError, forbidden, invalidFields, notFound } from '../http/errors.js';
import { datasetScope, inScope, type DatasetScope } from '../datasets/access.js';
import { MAX_ID } from '../datasets/present.js';
import { DATASET_DATASOURCE_TYPES } from '../charts/chart-rows.js';
import { DASHBOARD_FORBIDDEN, canEditDashboard, dashboardVisibility } from './access.js';
import { presentChart, presentDetail, type DashboardRow, type Users } from './present.js';
import { dashboardTitle, isJsonText, normalizeSlug } from './rules.js';

/** Favorites of dashboards are filed under this class name, as the BI server files them. */
export const DASHBOARD_FAVORITE_CLASS = 'Dashboard';

export const dashboardNotFound = () => notFound('Dashboard not found');
/** 422 with per-field messages, as the BI server answers a well-formed but unacceptable dashboard. */
const unprocessable = (fields: Record<string, string[]>) => new HttpError(422, { message: fields });

export interface VisibleDashboard {
  row: DashboardRow;
  ownerIds: number[];
}

/** The fields a create answers with (the BI server echoes what it stored). */
export interface DashboardCreated {
  dashboard_title: string;
  slug: string | null;
  owners: number[];
  roles: number[];
  position_json: string | null;
  css: string | null;
  json_metadata: string | null;
  published: boolean;
  certified_by: string | null;
  certification_details: string | null;
}

const emptyToNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v);

export class DashboardService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.store.db;
  }

  users(ids: (number | null)[]): Promise<Users> {
    return usersById(this.db, ids);
  }

  async ownerIds(dashboardIds: number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>();
    if (!dashboardIds.length) return map;
    const rows = await this.db
      .selectFrom('dashboard_owners')
      .select(['dashboard_id', 'user_id'])
      .where('dashboard_id', 'in', dashboardIds)
      .orderBy('user_id')
      .execute();
    for (const r of rows) map.set(r.dashboard_id, [...(map.get(r.dashboard_id) ?? []), r.user_id]);
    return map;
  }

  async scope(user: Principal): Promise<DatasetScope> {
    return datasetScope(user, await this.db.selectFrom('dbs').select(['id', 'database_name']).execute());
  }

  /** The dashboard by id (digits) or slug, when the user may see it; 404 otherwise. */
  async visible(user: Principal, idOrSlug: number | string): Promise<VisibleDashboard> {
    const key = String(idOrSlug);
    const byId = /^\d{1,10}$/.test(key);
    if (byId ? Number(key) > MAX_ID || Number(key) < 1 : key.length > 255) throw dashboardNotFound();
    const scope = await this.scope(user);
    const row = await this.db
      .selectFrom('dashboards as d')
      .selectAll('d')
      .where(byId ? 'd.id' : 'd.slug', '=', byId ? Number(key) : key)
      .where((eb) => dashboardVisibility(eb, user, scope) ?? eb.lit(true))
      .executeTakeFirst();
    if (!row) throw dashboardNotFound();
    return { row, ownerIds: (await this.ownerIds([row.id])).get(row.id) ?? [] };
  }

  /** The dashboard when the user may change it: 404 when hidden, 403 when visible but not theirs. */
  async editable(user: Principal, idOrSlug: number | string): Promise<VisibleDashboard> {
    const found = await this.visible(user, idOrSlug);
    if (!canEditDashboard(user, found.ownerIds)) throw forbidden(DASHBOARD_FORBIDDEN);
    return found;
  }

  async get(user: Principal, idOrSlug: number | string): Promise<DashboardDetail> {
    const { row, ownerIds } = await this.visible(user, idOrSlug);
    const [users, roles, charts] = await Promise.all([
      this.users([...ownerIds, row.created_by_fk, row.changed_by_fk]),
      this.db
        .selectFrom('dashboard_roles as dr')
        .innerJoin('ab_role as r', 'r.id', 'dr.role_id')
        .select(['r.id', 'r.name'])
        .where('dr.dashboard_id', '=', row.id)
        .orderBy('r.id')
        .execute(),
      this.db
        .selectFrom('dashboard_slices as ds')
        .innerJoin('slices as s', 's.id', 'ds.slice_id')
        .select('s.slice_name')
        .where('ds.dashboard_id', '=', row.id)
        .orderBy('s.id')
        .execute(),
    ]);
    return presentDetail(row, { ownerIds, users, roles, charts: charts.map((c) => c.slice_name) });
  }

  /** Owners as given (the creator added unless an admin chose others); 422 when one does not exist. */
  private async ownersFor(user: Principal, given: number[] | undefined): Promise<number[]> {
    const owners = [...new Set(given ?? [user.id])];
    if (!user.isAdmin && !owners.includes(user.id)) owners.push(user.id);
    const found = owners.length ? await this.db.selectFrom('ab_user').select('id').where('id', 'in', owners).execute() : [];
    if (found.length !== owners.length) throw unprocessable({ owners: ['Owners are invalid'] });
    return owners;
  }

  private async rolesFor(given: number[] | undefined): Promise<number[]> {
    const roles = [...new Set(given ?? [])];
    const found = roles.length ? await this.db.selectFrom('ab_role').select('id').where('id', 'in', roles).execute() : [];
    if (found.length !== roles.length) throw unprocessable({ roles: ['Some roles do not exist'] });
    return roles;
  }

  private async slugTaken(slug: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('dashboards').select('id').where('slug', '=', slug).executeTakeFirst());
  }

  async create(user: Principal, body: DashboardCreate): Promise<{ id: number; result: DashboardCreated }> {
    const bad: Record<string, string[]> = {};
    for (const field of ['position_json', 'json_metadata'] as const) if (!isJsonText(body[field])) bad[field] = ['Not a valid JSON.'];
    if (Object.keys(bad).length) throw invalidFields(bad);
    const slug = normalizeSlug(body.slug);
    if (slug !== null && (await this.slugTaken(slug))) throw unprocessable({ slug: ['Must be unique'] });
    const owners = await this.ownersFor(user, body.owners);
    const roles = await this.rolesFor(body.roles);
    const now = nowIso();
    const result: DashboardCreated = {
      dashboard_title: dashboardTitle(body.dashboard_title),
      slug,
      owners,
      roles,
      position_json: emptyToNull(body.position_json),
      css: body.css ?? null,
      json_metadata: emptyToNull(body.json_metadata),
      published: body.published ?? false,
      certified_by: emptyToNull(body.certified_by),
      certification_details: emptyToNull(body.certification_details),
    };
    let id: number;
    try {
      id = await this.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('dashboards')
          .values({
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
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (owners.length)
          await trx
            .insertInto('dashboard_owners')
            .values(owners.map((u) => ({ dashboard_id: row.id, user_id: u })))
            .execute();
        if (roles.length)
          await trx
            .insertInto('dashboard_roles')
            .values(roles.map((r) => ({ dashboard_id: row.id, role_id: r })))
            .execute();
        return row.id;
      });
    } catch (e) {
      // two creates racing for one slug: the unique index decides
      if (slug !== null && (await this.slugTaken(slug))) throw unprocessable({ slug: ['Must be unique'] });
      throw e;
    }
    return { id, result };
  }

  async delete(user: Principal, id: number): Promise<void> {
    const { row } = await this.editable(user, id);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('favstar').where('class_name', '=', DASHBOARD_FAVORITE_CLASS).where('obj_id', '=', row.id).execute();
      await trx.deleteFrom('dashboard_slices').where('dashboard_id', '=', row.id).execute();
      await trx.deleteFrom('dashboard_owners').where('dashboard_id', '=', row.id).execute();
      await trx.deleteFrom('dashboard_roles').where('dashboard_id', '=', row.id).execute();
      await trx.deleteFrom('dashboards').where('id', '=', row.id).execute();
    });
  }

  /** The dashboard's charts that the user may see (charts on datasets they cannot read stay out). */
  async charts(user: Principal, idOrSlug: number | string): Promise<DashboardChart[]> {
    const { row } = await this.visible(user, idOrSlug);
    const rows = await this.db
      .selectFrom('dashboard_slices as ds')
      .innerJoin('slices as s', 's.id', 'ds.slice_id')
      .selectAll('s')
      .where('ds.dashboard_id', '=', row.id)
      .orderBy('s.id')
      .execute();
    if (user.isAdmin || !rows.length) return rows.map(presentChart);
    const scope = await this.scope(user);
    const datasetIds = [...new Set(rows.filter((r) => DATASET_DATASOURCE_TYPES.includes(r.datasource_type)).map((r) => r.datasource_id))];
    const datasets = datasetIds.length
      ? await this.db.selectFrom('tables').select(['id', 'database_id', 'schema']).where('id', 'in', datasetIds).execute()
      : [];
    const readable = new Set(datasets.filter((d) => inScope(scope, d)).map((d) => d.id));
    const owned = new Set(
      (
        await this.db
          .selectFrom('slice_owners')
          .select('slice_id')
          .where('user_id', '=', user.id)
          .where(
            'slice_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      ).map((o) => o.slice_id),
    );
    return rows
      .filter((r) => owned.has(r.id) || (DATASET_DATASOURCE_TYPES.includes(r.datasource_type) && readable.has(r.datasource_id)))
      .map(presentChart);
  }

  /** Whether each visible dashboard among `ids` is the user's favorite; 404 when none is visible. */
  async favoriteStatus(user: Principal, ids: number[]): Promise<FavoriteStatus[]> {
    const scope = await this.scope(user);
    const visible = await this.db
      .selectFrom('dashboards as d')
      .select('d.id')
      .where('d.id', 'in', ids)
      .where((eb) => dashboardVisibility(eb, user, scope) ?? eb.lit(true))
      .execute();
    if (!visible.length) throw dashboardNotFound();
    const faves = new Set(
      (
        await this.db
          .selectFrom('favstar')
          .select('obj_id')
          .where('user_id', '=', user.id)
          .where('class_name', '=', DASHBOARD_FAVORITE_CLASS)
          .where(
            'obj_id',
            'in',
            visible.map((v) => v.id),
          )
          .execute()
      ).map((f) => f.obj_id),
    );
    const shown = new Set(visible.map((v) => v.id));
    return ids.filter((id) => shown.has(id)).map((id) => ({ id, value: faves.has(id) }));
  }

  /** Star or unstar a dashboard the user sees; starring twice keeps one star. */
  async setFavorite(user: Principal, id: number, on: boolean): Promise<void> {
    await this.visible(user, id);
    const existing = this.db
      .selectFrom('favstar')
      .select('id')
      .where('user_id', '=', user.id)
      .where('class_name', '=', DASHBOARD_FAVORITE_CLASS)
      .where('obj_id', '=', id);
    if (!on) {
      await this.db
        .deleteFrom('favstar')
        .where('user_id', '=', user.id)
        .where('class_name', '=', DASHBOARD_FAVORITE_CLASS)
        .where('obj_id', '=', id)
        .execute();
      return;
    }
    if (await existing.executeTakeFirst()) return;
    try {
      await this.db
        .insertInto('favstar')
        .values({ user_id: user.id, class_name: DASHBOARD_FAVORITE_CLASS, obj_id: id, dttm: nowIso() })
        .execute();
    } catch (e) {
      // a concurrent star won the unique index: the dashboard is starred either way
      if (!(await existing.executeTakeFirst())) throw e;
    }
  }
}
