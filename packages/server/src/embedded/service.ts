/**
 * A dashboard's embedding (one per dashboard): read, upsert, delete, and guest tokens naming it.
 * Reading needs a dashboard the caller sees; changing needs can_write Dashboard and being an owner
 * or an admin (dashboards/service.ts editable: hidden → 404, visible but not theirs → 403).
 */
import { allowedDomainProblem, normalizeAllowedDomain, type EmbeddedDashboard, type GuestTokenRequest } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { nowIso } from '../metadata/db.js';
import { usersById } from '../metadata/repos/users.js';
import { badRequest, invalidFields, notFound } from '../http/errors.js';
import { DashboardService } from '../dashboards/service.js';
import { getEngineSpec, listEngineSpecs } from '../engines/registry.js';
import { parseUri } from '../engines/uri.js';
import { checkSqlExpression, SqlExpressionError } from '../sql/expression.js';
import { hasTemplateSyntax } from '../sql/template.js';
import { forgetGuestResolutions } from '../access/guest.js';
import { signGuestToken } from '../access/guest-token.js';
import {
  deleteEmbeddingOfDashboard,
  embeddingByUuid,
  embeddingOfDashboard,
  saveEmbedding,
  type EmbeddedRow,
} from '../metadata/repos/embedded.js';
import { datasetDatabaseUri } from '../metadata/repos/datasources.js';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const embeddingNotFound = () => notFound('Not found');

function readDomains(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

/** The allowed domains as stored: each an origin, normalized, without repeats; 400 naming the first bad entry. */
export function checkAllowedDomains(domains: string[]): string[] {
  const out: string[] = [];
  for (const entry of domains) {
    const problem = allowedDomainProblem(entry);
    if (problem) throw invalidFields({ allowed_domains: [problem] });
    const origin = normalizeAllowedDomain(entry);
    if (!out.includes(origin)) out.push(origin);
  }
  return out;
}

export class EmbeddedService {
  readonly dashboards: DashboardService;

  constructor(readonly ctx: AppContext) {
    this.dashboards = new DashboardService(ctx);
  }

  get db() {
    return this.ctx.store.db;
  }

  async present(row: EmbeddedRow): Promise<EmbeddedDashboard> {
    const users = await usersById(this.db, [row.changed_by_fk]);
    const by = row.changed_by_fk !== null ? users.get(row.changed_by_fk) : undefined;
    return {
      uuid: row.uuid,
      allowed_domains: readDomains(row.allowed_domains),
      dashboard_id: String(row.dashboard_id),
      changed_on: row.changed_on,
      changed_by: by ? { id: by.id, first_name: by.first_name, last_name: by.last_name } : null,
    };
  }

  /** The embedding of a dashboard the user sees; 404 for a hidden dashboard or one not embedded. */
  async forDashboard(user: Principal, idOrSlug: string): Promise<EmbeddedDashboard> {
    const { row } = await this.dashboards.visible(user, idOrSlug);
    const embedded = await embeddingOfDashboard(this.db, row.id);
    if (!embedded) throw embeddingNotFound();
    return this.present(embedded);
  }

  /** Create or replace the allowed domains; the uuid of an existing embedding stays. */
  async upsert(user: Principal, idOrSlug: string, domains: string[]): Promise<EmbeddedDashboard> {
    const { row } = await this.dashboards.editable(user, idOrSlug);
    const allowed = JSON.stringify(checkAllowedDomains(domains));
    const changedBy = user.kind ? null : user.id;
    const now = nowIso();
    await saveEmbedding(this.db, row.id, { allowed_domains: allowed, changed_on: now, changed_by_fk: changedBy });
    forgetGuestResolutions();
    const stored = await embeddingOfDashboard(this.db, row.id);
    if (!stored) throw new Error('The embedding just saved is gone');
    return this.present(stored);
  }

  async delete(user: Principal, idOrSlug: string): Promise<void> {
    const { row } = await this.dashboards.editable(user, idOrSlug);
    await deleteEmbeddingOfDashboard(this.db, row.id);
    forgetGuestResolutions();
  }

  /** An embedding by uuid, raw (the page route and guest token requests); null when there is none. */
  async byUuid(uuid: string): Promise<EmbeddedRow | null> {
    if (!UUID_PATTERN.test(uuid)) return null;
    return (await embeddingByUuid(this.db, uuid.toLowerCase())) ?? null;
  }

  /** GET /api/v1/embedded_dashboard/{uuid}: for whoever sees the dashboard (a guest: one its token names). */
  async get(user: Principal, uuid: string): Promise<EmbeddedDashboard> {
    const row = await this.byUuid(uuid);
    if (!row) throw embeddingNotFound();
    await this.dashboards.visible(user, row.dashboard_id);
    return this.present(row);
  }

  /** A signed guest token for the request; 400 naming what is wrong with it. */
  async guestToken(body: GuestTokenRequest): Promise<string> {
    for (const r of body.resources) {
      if (!(await this.byUuid(r.id))) throw badRequest(`Embedded dashboard ${r.id} does not exist.`);
    }
    const rules = body.rls ?? [];
    const specs = new Map<number, ReturnType<typeof getEngineSpec>>();
    for (const [i, rule] of rules.entries()) {
      const clause = rule.clause.trim();
      if (!clause) throw badRequest(`rls[${i}]: the clause is empty.`);
      // a templated clause is rendered for each query and checked then (rls/apply.ts)
      if (hasTemplateSyntax(clause)) continue;
      const dataset = rule.dataset ?? null;
      let engines = listEngineSpecs();
      if (dataset !== null) {
        let spec = specs.get(dataset);
        if (!spec) {
          const uri = await datasetDatabaseUri(this.db, dataset);
          if (uri === undefined) throw badRequest(`rls[${i}]: dataset ${dataset} does not exist.`);
          spec = getEngineSpec(parseUri(uri).backend);
          specs.set(dataset, spec);
        }
        engines = [spec];
      }
      for (const spec of engines) {
        try {
          checkSqlExpression(spec, clause, 'where');
        } catch (e) {
          if (e instanceof SqlExpressionError) throw badRequest(`rls[${i}]: ${e.message}`);
          throw e;
        }
      }
    }
    return signGuestToken(this.ctx.config.sharing, {
      user: body.user,
      resources: body.resources.map((r) => ({ type: 'dashboard', id: r.id.toLowerCase() })),
      rls_rules: rules.map((r) => (r.dataset ? { clause: r.clause, dataset: r.dataset } : { clause: r.clause })),
    });
  }
}
