import Type from 'typebox';
import type { UserRef } from './common.js';

/**
 * Row level security rules (the BI server's `/api/v1/rowlevelsecurity/`). A rule names datasets
 * (`tables`), roles and one SQL boolean `clause`. `Regular` rules filter the users holding one of
 * their roles; `Base` rules filter everyone except them. Rules sharing a `group_key` are ORed, the
 * groups (and ungrouped rules) are ANDed.
 */
export const RLS_FILTER_TYPES = ['Regular', 'Base'] as const;
export type RlsFilterType = (typeof RLS_FILTER_TYPES)[number];

export const RLS_NAME_MAX = 255;
export const RLS_GROUP_KEY_MAX = 255;
export const RLS_CLAUSE_MAX = 10_000;
export const RLS_DESCRIPTION_MAX = 10_000;
/** The most datasets, and the most roles, one rule may name. */
export const RLS_MAX_TABLES = 1_000;
export const RLS_MAX_ROLES = 1_000;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const NullableString = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

/** POST /api/v1/rowlevelsecurity/ */
export const RlsWrite = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: RLS_NAME_MAX }),
    description: Type.Optional(NullableString(RLS_DESCRIPTION_MAX)),
    filter_type: Type.Union([Type.Literal('Regular'), Type.Literal('Base')]),
    tables: Type.Array(Id, { minItems: 1, maxItems: RLS_MAX_TABLES }),
    roles: Type.Optional(Type.Array(Id, { maxItems: RLS_MAX_ROLES })),
    group_key: Type.Optional(NullableString(RLS_GROUP_KEY_MAX)),
    clause: Type.String({ minLength: 1, maxLength: RLS_CLAUSE_MAX }),
  },
  { additionalProperties: false },
);
export type RlsWrite = Type.Static<typeof RlsWrite>;

/** PUT /api/v1/rowlevelsecurity/{id}: the fields given replace the rule's */
export const RlsUpdate = Type.Partial(RlsWrite, { additionalProperties: false });
export type RlsUpdate = Type.Static<typeof RlsUpdate>;

export interface RlsTableRef {
  id: number;
  schema: string | null;
  table_name: string;
}

export interface RlsRoleRef {
  id: number;
  name: string;
}

/** A rule as lists and GET /{id} show it. */
export interface RlsRecord {
  id: number;
  name: string;
  description: string | null;
  filter_type: RlsFilterType;
  tables: RlsTableRef[];
  roles: RlsRoleRef[];
  group_key: string | null;
  clause: string;
  changed_on_delta_humanized: string;
  changed_by: UserRef | null;
}

/** `GET /api/v1/rowlevelsecurity/related/{roles|tables}`: the FAB related shape. */
export interface RelatedReply {
  count: number;
  result: { value: number; text: string; extra?: Record<string, unknown> }[];
}

/** Does a rule of this type and these roles filter a user holding `userRoles`? (peer: get_rls_filters) */
export function rlsRuleApplies(filterType: RlsFilterType, ruleRoles: readonly string[], userRoles: readonly string[]): boolean {
  const holds = ruleRoles.some((r) => userRoles.includes(r));
  return filterType === 'Regular' ? holds : !holds;
}

/**
 * The clauses to AND into a query from the rules that apply (in a stable order): rules with the
 * same non-empty group_key become one `(a) OR (b)` clause, placed where the group first appears;
 * ungrouped rules stay one clause each.
 */
export function combineRlsClauses(rules: readonly { clause: string; group_key: string | null }[]): string[] {
  const out: string[] = [];
  const groups = new Map<string, string[]>();
  const slots = new Map<string, number>();
  for (const r of rules) {
    const key = r.group_key?.trim() ? r.group_key : null;
    if (key === null) {
      out.push(r.clause);
      continue;
    }
    const members = groups.get(key);
    if (members) members.push(r.clause);
    else {
      groups.set(key, [r.clause]);
      slots.set(key, out.length);
      out.push('');
    }
  }
  for (const [key, members] of groups) {
    out[slots.get(key)!] = members.length === 1 ? members[0] : members.map((c) => `(${c})`).join(' OR ');
  }
  return out;
}
