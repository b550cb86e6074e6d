import Type from 'typebox';

/**
 * Native filters on the server (spec section 7 "Dashboards"): PUT /api/v1/dashboard/{id}/filters
 * with the changes of the filter config modal, and the filter state key-value store
 * (/api/v1/dashboard/{id_or_slug}/filter_state) that keeps a viewer's filter values behind the
 * `native_filters_key` URL parameter.
 */

/** At most this many filters and dividers in one change (a dashboard with more is not usable). */
export const MAX_FILTER_CHANGES = 1000;
const FilterId = Type.String({ minLength: 1, maxLength: 250 });

/**
 * PUT /api/v1/dashboard/{id}/filters: `modified` whole items (new or changed), `deleted` ids,
 * `reordered` every remaining id in the new order (empty: unchanged). Each list may be left out.
 * The items are checked against the rules of a stored filter list after the changes are applied.
 */
export const DashboardFilterChanges = Type.Object(
  {
    modified: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }), { maxItems: MAX_FILTER_CHANGES })),
    deleted: Type.Optional(Type.Array(FilterId, { maxItems: MAX_FILTER_CHANGES })),
    reordered: Type.Optional(Type.Array(FilterId, { maxItems: MAX_FILTER_CHANGES })),
  },
  { additionalProperties: false },
);
export type DashboardFilterChanges = Type.Static<typeof DashboardFilterChanges>;

/** PUT /filters answers the dashboard's new native_filter_configuration. */
export interface DashboardFiltersUpdated {
  result: Record<string, unknown>[];
}

/** The most one filter state holds (the data mask of many filters fits well within it). */
export const MAX_FILTER_STATE_BYTES = 1024 * 1024;

/**
 * POST /api/v1/dashboard/{id_or_slug}/filter_state?tab_id= and PUT …/filter_state/{key}?tab_id=:
 * `value` is the data mask as JSON object text.
 */
export const DashboardFilterStateValue = Type.Object(
  { value: Type.String({ minLength: 2, maxLength: MAX_FILTER_STATE_BYTES }) },
  { additionalProperties: false },
);
export type DashboardFilterStateValue = Type.Static<typeof DashboardFilterStateValue>;
