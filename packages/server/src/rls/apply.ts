/**
 * The row level security clauses that apply to a caller's query on a dataset (the peer's
 * get_rls_filters + get_sqla_row_level_filters). Rules with the same group_key are ORed, groups
 * ANDed; each returned string is one rendered, guarded SQL boolean expression the compiler ANDs
 * around the dataset's rows.
 *
 * Who a rule filters: a user by their roles; a guest (embedded dashboard) by the role named
 * GUEST_ROLE_NAME, plus the clauses its token carries; an anonymous visitor by the Public role.
 * Admins are not exempt: a Regular rule on a role they hold, or a Base rule not naming one of
 * their roles, filters them too.
 *
 * Cost: one indexed metadata query per dataset load (rls_filter_tables.table_id); rules are not
 * kept between requests, so a change applies at once on every server. Rendered clauses are
 * remembered per (clause, user values), since rendering runs in a child process.
 *
 * A clause that cannot be rendered or is refused by the expression guard fails the query with a
 * 400: a query never runs without a rule that applies to it.
 */
import { LRUCache } from 'lru-cache';
import { combineRlsClauses, rlsRuleApplies, type RlsFilterType } from '@rama/shared';
import type { AppContext } from '../context.js';
import { getEngineSpec } from '../engines/registry.js';
import type { EngineSpec } from '../engines/types.js';
import { parseUri } from '../engines/uri.js';
import { badRequest } from '../http/errors.js';
import type { Principal } from '../security/principal.js';
import { checkSqlExpression, SqlExpressionError } from '../sql/expression.js';
import { hasTemplateSyntax, renderSqlTemplate, TemplateError } from '../sql/template.js';
import { datasetDatabaseUri, ruledDatasetsOfDatabase, ruleRowsForTables } from '../metadata/repos/rls.js';

/** A rule as application needs it: its roles by name (principals carry role names). */
export interface RlsRule {
  id: number;
  filterType: RlsFilterType;
  groupKey: string | null;
  clause: string;
  roles: string[];
}

type Db = AppContext['store']['db'];

/** Rules naming any of `tableIds`, per dataset id, ordered by rule id. One query. */
export async function loadRules(db: Db, tableIds: number[]): Promise<Map<number, RlsRule[]>> {
  const out = new Map<number, RlsRule[]>();
  if (!tableIds.length) return out;
  const rows = await ruleRowsForTables(db, tableIds);
  for (const row of rows) {
    let list = out.get(row.table_id);
    if (!list) out.set(row.table_id, (list = []));
    let rule = list.at(-1);
    if (!rule || rule.id !== row.id) {
      rule = {
        id: row.id,
        // an unknown type (edited in the store by hand) filters like Base: never less than intended
        filterType: row.filter_type === 'Regular' ? 'Regular' : 'Base',
        groupKey: row.group_key,
        clause: row.clause,
        roles: [],
      };
      list.push(rule);
    }
    if (row.role !== null) rule.roles.push(row.role);
  }
  return out;
}

/** The role names rules are matched against. */
export function principalRoleNames(ctx: AppContext, user: Principal): string[] {
  if (user.kind === 'guest') return [ctx.config.sharing.guestRoleName];
  if (user.kind === 'anonymous') return ['Public'];
  return Object.keys(user.roles);
}

const rendered = new LRUCache<string, string>({ max: 5_000 });

/**
 * A clause's template rendered for this caller (no URL parameters or filters: a caller must not
 * be able to steer their own rule) and checked as one WHERE expression for the engine. Throws
 * RlsClauseError with the reason.
 */
export async function renderRlsClause(user: Principal, spec: EngineSpec, clause: string): Promise<string> {
  const escaping = spec.backslashEscapes ? 'backslash' : 'standard';
  const userId = user.kind ? null : user.id;
  let text = clause;
  if (hasTemplateSyntax(clause)) {
    const key = JSON.stringify([escaping, user.username, userId, user.email, clause]);
    const hit = rendered.get(key);
    if (hit !== undefined) text = hit;
    else {
      try {
        text = await renderSqlTemplate(clause, {
          params: {},
          username: user.username,
          userId,
          email: user.email,
          urlParams: {},
          filters: [],
          escaping,
        });
      } catch (e) {
        if (e instanceof TemplateError) throw new RlsClauseError(e.message);
        throw e;
      }
      rendered.set(key, text);
    }
  }
  if (!text.trim()) throw new RlsClauseError('The clause is empty.');
  try {
    checkSqlExpression(spec, text, 'where');
  } catch (e) {
    if (e instanceof SqlExpressionError) throw new RlsClauseError(e.message);
    throw e;
  }
  return text.trim();
}

export class RlsClauseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RlsClauseError';
  }
}

/** The clauses of `rules` (those naming the dataset) and of a guest's token that apply to `user`. */
export async function clausesFor(
  ctx: AppContext,
  user: Principal,
  spec: EngineSpec,
  datasetId: number,
  rules: RlsRule[],
): Promise<string[]> {
  const roles = principalRoleNames(ctx, user);
  const applied: { clause: string; group_key: string | null }[] = [];
  for (const rule of rules) {
    if (!rlsRuleApplies(rule.filterType, rule.roles, roles)) continue;
    try {
      applied.push({ clause: await renderRlsClause(user, spec, rule.clause), group_key: rule.groupKey });
    } catch (e) {
      if (e instanceof RlsClauseError) {
        ctx.log.warn({ rule: rule.id, dataset: datasetId, reason: e.message }, 'row level security rule refused');
        throw badRequest(`Row level security rule ${rule.id} cannot be applied: ${e.message}`);
      }
      throw e;
    }
  }
  if (user.kind === 'guest') {
    for (const g of user.guest?.rls ?? []) {
      if (g.dataset !== null && g.dataset !== datasetId) continue;
      try {
        applied.push({ clause: await renderRlsClause(user, spec, g.clause), group_key: null });
      } catch (e) {
        if (e instanceof RlsClauseError) throw badRequest(`A row level security clause of the guest token cannot be applied: ${e.message}`);
        throw e;
      }
    }
  }
  return combineRlsClauses(applied);
}

/** The clauses for `user` on the dataset (its engine's `spec`). */
export async function rlsClauses(ctx: AppContext, user: Principal, dataset: { id: number }, spec: EngineSpec): Promise<string[]> {
  const rules = (await loadRules(ctx.store.db, [dataset.id])).get(dataset.id) ?? [];
  if (!rules.length && !user.guest?.rls.length) return [];
  return clausesFor(ctx, user, spec, dataset.id, rules);
}

/** The same for a dataset known by id only (reading a cached entry); the engine is looked up only when a rule may apply. */
export async function rlsClausesById(ctx: AppContext, user: Principal, datasetId: number): Promise<string[]> {
  const rules = (await loadRules(ctx.store.db, [datasetId])).get(datasetId) ?? [];
  const guestRules = (user.guest?.rls ?? []).some((g) => g.dataset === null || g.dataset === datasetId);
  const roles = principalRoleNames(ctx, user);
  if (!guestRules && !rules.some((r) => rlsRuleApplies(r.filterType, r.roles, roles))) return [];
  const uri = await datasetDatabaseUri(ctx.store.db, datasetId);
  if (uri === undefined) return [];
  return clausesFor(ctx, user, getEngineSpec(parseUri(uri).backend), datasetId, rules);
}

/** A physical table of a database that has clauses for the caller (RLS_IN_SQLLAB). */
export interface ProtectedTable {
  schema: string | null;
  table: string;
  clauses: string[];
}

/**
 * The physical datasets of a database whose rules filter `user`, with their clauses. Two datasets
 * on one table both apply (their clauses are ANDed by the caller). One query, plus rendering.
 */
export async function protectedTables(ctx: AppContext, user: Principal, databaseId: number, spec: EngineSpec): Promise<ProtectedTable[]> {
  const datasets = await ruledDatasetsOfDatabase(ctx.store.db, databaseId);
  const physical = datasets.filter((d) => d.sql === null || !d.sql.trim());
  if (!physical.length) return [];
  const rules = await loadRules(
    ctx.store.db,
    physical.map((d) => d.id),
  );
  const out: ProtectedTable[] = [];
  for (const d of physical) {
    const clauses = await clausesFor(ctx, user, spec, d.id, rules.get(d.id) ?? []);
    if (clauses.length) out.push({ schema: d.schema, table: d.table_name, clauses });
  }
  return out;
}
