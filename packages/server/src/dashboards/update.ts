/**
 * PUT /api/v1/dashboard/{id} in the spec's three shapes (section 7): `{published}` alone, the
 * properties and layout save, `{json_metadata}` alone; and PUT /{id}/colors. Only the fields sent
 * change; the reply carries their stored values and `last_modified_time`, beside `result` as the
 * BI server answers it and inside it.
 */
import type { Updateable } from 'kysely';
import {
  dashboardTitle,
  normalizeSlug,
  validateDashboardMetadata,
  type DashboardColors,
  type DashboardPut,
  type DashboardStored,
  type DashboardUpdated,
} from '@rama/shared';
import type { DashboardTable } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import { flag, nowIso } from '../metadata/db.js';
import { invalidFields } from '../http/errors.js';
import { parseJsonObject } from '../explore/present.js';
import { DASHBOARD_FORBIDDEN, DASHBOARD_PUBLISH_FORBIDDEN } from '../access/dashboards.js';
import { lastModifiedTime } from './rules.js';
import { SLUG_TAKEN, emptyToNull, unprocessable, type DashboardService } from './service.js';
import { setOwners } from '../metadata/repos/owners.js';
import { dashboardRoleIds, setDashboardRoles, syncDashboardCharts, updateDashboardRow } from '../metadata/repos/dashboards.js';

/** A body of `published` alone is a publish or hide, which the spec refuses with its own message. */
export function isPublishOnly(body: object): boolean {
  const keys = Object.keys(body);
  return keys.length === 1 && keys[0] === 'published';
}

const reply = (id: number, fields: Partial<DashboardStored>, changedOn: string): DashboardUpdated => {
  const last_modified_time = lastModifiedTime(changedOn);
  return { id, result: { ...fields, last_modified_time }, last_modified_time };
};

export async function updateDashboard(
  service: DashboardService,
  user: Principal,
  id: number,
  body: DashboardPut,
): Promise<DashboardUpdated> {
  const { row } = await service.editable(user, id, isPublishOnly(body) ? DASHBOARD_PUBLISH_FORBIDDEN : DASHBOARD_FORBIDDEN);
  const onDashboard = new Set((await service.chartRows(row.id)).map((c) => c.id));
  const json = await service.checkJson(user, body, onDashboard);

  const stored: Partial<DashboardStored> = {};
  const set: Updateable<DashboardTable> = {};
  if (body.dashboard_title !== undefined) set.dashboard_title = stored.dashboard_title = dashboardTitle(body.dashboard_title);
  if (body.slug !== undefined) {
    const slug = normalizeSlug(body.slug);
    if (slug !== null && (await service.slugTaken(slug, row.id))) throw unprocessable({ slug: [SLUG_TAKEN] });
    set.slug = stored.slug = slug;
  }
  if (body.css !== undefined) set.css = stored.css = body.css;
  if (body.published !== undefined) {
    stored.published = body.published === true;
    set.published = flag(stored.published);
  }
  if (body.certified_by !== undefined) set.certified_by = stored.certified_by = emptyToNull(body.certified_by);
  if (body.certification_details !== undefined)
    set.certification_details = stored.certification_details = emptyToNull(body.certification_details);
  if (body.external_url !== undefined) set.external_url = stored.external_url = emptyToNull(body.external_url);
  if (body.is_managed_externally !== undefined) {
    stored.is_managed_externally = body.is_managed_externally === true;
    set.is_managed_externally = flag(stored.is_managed_externally);
  }
  if (json.metadataText !== undefined) set.json_metadata = stored.json_metadata = json.metadataText;
  if (json.layout !== undefined) set.position_json = stored.position_json = json.layout?.text ?? null;

  const owners = body.owners !== undefined ? await service.ownersFor(user, body.owners) : null;
  if (owners) stored.owners = owners;
  // roles count only with DASHBOARD_RBAC on (spec section 6); otherwise they are left as they are
  const roles = body.roles !== undefined && service.rbac ? await service.rolesFor(body.roles) : null;
  if (body.roles !== undefined) stored.roles = roles ?? (await dashboardRoleIds(service.db, row.id));

  await service.ctx.versions.baseline('dashboard', row.id);
  const now = nowIso();
  try {
    await service.db.transaction().execute(async (trx) => {
      await updateDashboardRow(trx, row.id, { ...set, changed_on: now, changed_by_fk: user.id });
      // an admin may leave a dashboard without owners (`"owners": []`); nobody else can (ownersFor)
      if (owners) await setOwners(trx, 'dashboard', row.id, owners);
      if (roles) await setDashboardRoles(trx, row.id, roles);
      // the saved layout is the truth about which charts the dashboard has
      if (json.layout) await syncDashboardCharts(trx, row.id, json.layout.chartIds);
    });
  } catch (e) {
    if (typeof set.slug === 'string' && (await service.slugTaken(set.slug, row.id))) throw unprocessable({ slug: [SLUG_TAKEN] });
    throw e;
  }
  await service.ctx.versions.record('dashboard', row.id, user);
  return reply(row.id, stored, now);
}

/**
 * PUT /{id}/colors: the colour keys sent are checked (spec section 5: hex or rgb, opacity 0–1) and
 * merged into json_metadata. Like every change to the dashboard it needs edit rights (the BI
 * server's rule); `markUpdated` false leaves changed_on and changed_by as they were, so the
 * page's background colour sync never looks like someone else's edit to the overwrite check.
 */
export async function updateColors(
  service: DashboardService,
  user: Principal,
  id: number,
  body: DashboardColors,
  markUpdated: boolean,
): Promise<DashboardUpdated> {
  const { row } = await service.editable(user, id);
  const sent = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const { metadata, errors } = validateDashboardMetadata(sent);
  if (errors.length) throw invalidFields({ json_metadata: errors });
  const merged: Record<string, unknown> = { ...(parseJsonObject(row.json_metadata) ?? {}) };
  for (const key of Object.keys(sent)) merged[key] = metadata[key];
  const text = JSON.stringify(merged);
  if (markUpdated) await service.ctx.versions.baseline('dashboard', row.id);
  const changedOn = markUpdated ? nowIso() : row.changed_on;
  await updateDashboardRow(
    service.db,
    row.id,
    markUpdated ? { json_metadata: text, changed_on: changedOn, changed_by_fk: user.id } : { json_metadata: text },
  );
  // the page's background colour sync (markUpdated false) is no save of the owner's
  if (markUpdated) await service.ctx.versions.record('dashboard', row.id, user);
  return reply(row.id, { json_metadata: text }, changedOn);
}
