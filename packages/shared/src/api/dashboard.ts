import Type from 'typebox';
import type { UserRef } from './common.js';

/**
 * Dashboards (spec section 7 "Dashboards"). The Explore issue needs only creation by title and a
 * list for the save modal; the dashboards issue adds the rest of the contract here.
 */

const NullableString = (opts: { maxLength?: number } = {}) => Type.Union([Type.String(opts), Type.Null()]);

/** An untitled dashboard's title (spec section 5 "Dashboard save"). */
export const UNTITLED_DASHBOARD_TITLE = '[ untitled dashboard ]';

/** POST /api/v1/dashboard/ */
export const DashboardCreate = Type.Object(
  {
    dashboard_title: Type.Optional(NullableString({ maxLength: 500 })),
    slug: Type.Optional(NullableString({ maxLength: 255 })),
    owners: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 1000 })),
    roles: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 1000 })),
    position_json: Type.Optional(NullableString({ maxLength: 5_000_000 })),
    css: Type.Optional(NullableString({ maxLength: 1_000_000 })),
    json_metadata: Type.Optional(NullableString({ maxLength: 5_000_000 })),
    published: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    certified_by: Type.Optional(NullableString({ maxLength: 1000 })),
    certification_details: Type.Optional(NullableString({ maxLength: 10_000 })),
    external_url: Type.Optional(NullableString({ maxLength: 2000 })),
    is_managed_externally: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type DashboardCreate = Type.Static<typeof DashboardCreate>;

/** One row of GET /api/v1/dashboard/ */
export interface DashboardListItem {
  id: number;
  uuid: string;
  dashboard_title: string;
  slug: string | null;
  url: string;
  published: boolean;
  status: 'published' | 'draft';
  certified_by: string | null;
  certification_details: string | null;
  owners: UserRef[];
  created_by: UserRef | null;
  changed_by: UserRef | null;
  changed_by_name: string;
  changed_on_utc: string;
  changed_on_delta_humanized: string;
  thumbnail_url: string | null;
  tags: never[];
}

/** GET /api/v1/dashboard/{id_or_slug} → `{id, result}` (the BI server's detail fields). */
export interface DashboardDetail {
  id: number;
  uuid: string;
  dashboard_title: string;
  slug: string | null;
  url: string;
  position_json: string | null;
  json_metadata: string | null;
  css: string | null;
  published: boolean;
  certified_by: string | null;
  certification_details: string | null;
  owners: UserRef[];
  roles: { id: number; name: string }[];
  /** the names of its charts */
  charts: string[];
  created_by: UserRef | null;
  changed_by: UserRef | null;
  changed_by_name: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_on_delta_humanized: string;
  is_managed_externally: boolean;
  external_url: string | null;
  thumbnail_url: string | null;
  tags: never[];
}

/** One chart of GET /api/v1/dashboard/{id}/charts */
export interface DashboardChart {
  id: number;
  uuid: string;
  slice_name: string;
  viz_type: string;
  form_data: Record<string, unknown>;
  query_context: string | null;
  slice_url: string;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: boolean;
  changed_on: string;
}

/** The dashboard list's order columns. */
export const DASHBOARD_ORDER_COLUMNS = [
  'dashboard_title',
  'slug',
  'published',
  'changed_on',
  'changed_on_delta_humanized',
  'changed_by.first_name',
  'id',
] as const;
