import Type from 'typebox';
import type { UserRef } from './common.js';
import type { TagRef } from './chart.js';

/**
 * Dashboards (spec section 7 "Dashboards"): create, the three PUT bodies, copy, colours,
 * permalinks, and the reply shapes of list, detail, charts and datasets.
 */

const NullableString = (opts: { maxLength?: number } = {}) => Type.Union([Type.String(opts), Type.Null()]);

/** An untitled dashboard's title (spec section 5 "Dashboard save"). */
export const UNTITLED_DASHBOARD_TITLE = '[ untitled dashboard ]';

/** What a dashboard is created or saved with: the same fields, each optional, and no others. */
const dashboardFields = {
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
};

/** POST /api/v1/dashboard/ */
export const DashboardCreate = Type.Object(dashboardFields, { additionalProperties: false });
export type DashboardCreate = Type.Static<typeof DashboardCreate>;

/**
 * PUT /api/v1/dashboard/{id}, in one of the spec's three shapes: `{published}` alone (publish /
 * hide), the properties and layout save (certified_by, certification_details, css,
 * dashboard_title, slug, owners, roles, json_metadata, position_json), or `{json_metadata}`
 * alone. Only the fields sent change. `json_metadata` replaces the stored metadata (send all of
 * it, as the BI server's client does); its `positions`, when there is no `position_json`, is the
 * layout. `roles` counts only with the DASHBOARD_RBAC feature flag on.
 */
export const DashboardPut = Type.Object(dashboardFields, { additionalProperties: false });
export type DashboardPut = Type.Static<typeof DashboardPut>;

/** The stored values a PUT answers with, for the fields it was sent. */
export interface DashboardStored {
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
  external_url: string | null;
  is_managed_externally: boolean;
}

/**
 * PUT /api/v1/dashboard/{id} (and PUT …/colors) → `{id, result, last_modified_time}`: `result`
 * holds the stored values of the fields sent plus `last_modified_time` (epoch seconds), which the
 * BI server answers beside `result`; both places carry it.
 */
export interface DashboardUpdated {
  id: number;
  result: Partial<DashboardStored> & { last_modified_time: number };
  last_modified_time: number;
}

/** POST /api/v1/dashboard/{id_or_slug}/copy/ (the "save as" dialog) */
export const DashboardCopy = Type.Object(
  {
    dashboard_title: Type.Optional(NullableString({ maxLength: 500 })),
    css: Type.Optional(NullableString({ maxLength: 1_000_000 })),
    duplicate_slices: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    json_metadata: Type.String({ minLength: 1, maxLength: 5_000_000 }),
  },
  { additionalProperties: false },
);
export type DashboardCopy = Type.Static<typeof DashboardCopy>;

/** POST …/copy/ → 200 `{result: {id, last_modified_time}}` (the new dashboard). */
export interface DashboardCopied {
  result: { id: number; last_modified_time: number };
}

const ColorMap = Type.Record(Type.String(), Type.String({ maxLength: 100 }), { maxProperties: 10_000 });

/**
 * PUT /api/v1/dashboard/{id}/colors?mark_updated=true|false: the colour keys merged into
 * json_metadata. `mark_updated=false` (the page syncing shared label colours) leaves
 * changed_on and changed_by as they were.
 */
export const DashboardColors = Type.Object(
  {
    color_namespace: Type.Optional(NullableString({ maxLength: 250 })),
    color_scheme: Type.Optional(NullableString({ maxLength: 250 })),
    color_scheme_domain: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 })),
    shared_label_colors: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 10_000 }), ColorMap])),
    map_label_colors: Type.Optional(ColorMap),
    label_colors: Type.Optional(ColorMap),
  },
  { additionalProperties: false },
);
export type DashboardColors = Type.Static<typeof DashboardColors>;

/** The state a dashboard permalink restores (spec section 7 "Permalinks"). */
export const DashboardPermalinkState = Type.Object(
  {
    urlParams: Type.Optional(
      Type.Array(Type.Tuple([Type.String({ maxLength: 1000 }), Type.String({ maxLength: 10_000 })]), { maxItems: 100 }),
    ),
    dataMask: Type.Optional(Type.Object({}, { additionalProperties: true })),
    activeTabs: Type.Optional(Type.Array(Type.String({ maxLength: 250 }), { maxItems: 1000 })),
    anchor: Type.Optional(NullableString({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type DashboardPermalinkState = Type.Static<typeof DashboardPermalinkState>;

/** POST /api/v1/dashboard/{id_or_slug}/permalink → 201 `{key, url}` (url: `<origin>/rama/dashboard/p/<key>/`). */
export interface DashboardPermalinkCreated {
  key: string;
  url: string;
}

/** GET /api/v1/dashboard/permalink/{key} */
export interface DashboardPermalinkValue {
  dashboardId: number;
  state: {
    urlParams: [string, string][];
    dataMask: Record<string, unknown>;
    activeTabs: string[];
    anchor: string | null;
  };
}

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
  created_on_delta_humanized: string;
  thumbnail_url: string | null;
  tags: TagRef[];
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
  /** changed_on as epoch seconds: the client's overwrite check compares it */
  last_modified_time: number;
  changed_on_delta_humanized: string;
  created_on_delta_humanized: string;
  is_managed_externally: boolean;
  external_url: string | null;
  thumbnail_url: string | null;
  tags: TagRef[];
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
  'created_by.first_name',
  'id',
] as const;
