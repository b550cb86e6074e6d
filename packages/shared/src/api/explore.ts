import Type from 'typebox';
import type { ExploreDatasource } from './dataset.js';
import { CHART_JSON_MAX } from './chart.js';

/**
 * Explore state on the server (spec section 7 "Permalinks" and api-shapes "Explore"):
 * the bootstrap `GET /api/v1/explore/`, unsaved form data under a key per tab, permalinks.
 */

/** The saved chart as Explore holds it (`slice` of the bootstrap). */
export interface ExploreSlice {
  slice_id: number;
  slice_name: string;
  slice_url: string;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  /** `{id}__{type}` */
  datasource: string;
  viz_type: string;
  form_data: Record<string, unknown>;
  query_context: string | null;
  /** owner ids (the BI server's shape) */
  owners: number[];
  owner_details: { id: number; first_name: string; last_name: string }[];
  dashboards: { id: number; dashboard_title: string }[];
  is_managed_externally: boolean;
  changed_on: string;
  changed_on_humanized: string;
  modified: string;
  edit_url: string;
}

/** GET /api/v1/explore/ → `{result}` */
export interface ExploreBootstrap {
  /** the datasource; null with a `message` when it is gone or not visible */
  dataset: ExploreDatasource | null;
  form_data: Record<string, unknown>;
  slice: ExploreSlice | null;
  message: string | null;
}

/** POST /api/v1/explore/form_data?tab_id= and PUT /api/v1/explore/form_data/{key}?tab_id= */
export const ExploreFormDataPayload = Type.Object(
  {
    datasource_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    datasource_type: Type.String({ minLength: 1, maxLength: 32 }),
    chart_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.Null()])),
    /** the form data as JSON text */
    form_data: Type.String({ minLength: 2, maxLength: CHART_JSON_MAX }),
  },
  { additionalProperties: false },
);
export type ExploreFormDataPayload = Type.Static<typeof ExploreFormDataPayload>;

/** POST /api/v1/explore/permalink */
export const ExplorePermalinkPayload = Type.Object(
  {
    formData: Type.Object({}, { additionalProperties: true }),
    urlParams: Type.Optional(
      Type.Array(Type.Tuple([Type.String({ maxLength: 1000 }), Type.String({ maxLength: 10_000 })]), { maxItems: 100 }),
    ),
  },
  { additionalProperties: false },
);
export type ExplorePermalinkPayload = Type.Static<typeof ExplorePermalinkPayload>;

/** GET /api/v1/explore/permalink/{key} */
export interface ExplorePermalinkValue {
  chartId: number | null;
  datasourceId: number;
  datasourceType: string;
  datasource: string;
  state: { formData: Record<string, unknown>; urlParams?: [string, string][] };
}
