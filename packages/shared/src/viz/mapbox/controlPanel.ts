/**
 * The point map's controls, by the BI server's MapBox keys: longitude and latitude columns,
 * clustering radius, point radius, labels and their cluster aggregate, colour, opacity and the map
 * style (used only when an administrator configured map tiles; Rama draws an offline map otherwise).
 */
import { CLUSTER_AGGREGATORS } from '../../geo/cluster.js';
import type { QueryColumn } from '../../api/chartData.js';
import { sharedControls } from '../sharedControls.js';
import { columnLabelOf, ensureArray } from '../buildQueryHelpers.js';
import type { ChoiceList, ControlConfig, ControlContext, ControlPanelConfig, Validator } from '../types.js';
import { validateNonEmpty, validateNumber } from '../validators.js';
import { MAPBOX_COUNT_LABEL, mapboxLabelOf, mapboxRadiusOf } from './buildQuery.js';

export const MAPBOX_COLORS: [string, string][] = [
  ['rgb(0, 139, 139)', 'Dark Cyan'],
  ['rgb(128, 0, 128)', 'Purple'],
  ['rgb(255, 215, 0)', 'Gold'],
  ['rgb(69, 69, 69)', 'Dim Gray'],
  ['rgb(220, 20, 60)', 'Crimson'],
  ['rgb(34, 139, 34)', 'Forest Green'],
];

export const MAPBOX_STYLES: [string, string][] = [
  ['mapbox://styles/mapbox/streets-v9', 'Streets'],
  ['mapbox://styles/mapbox/dark-v9', 'Dark'],
  ['mapbox://styles/mapbox/light-v9', 'Light'],
  ['mapbox://styles/mapbox/satellite-streets-v9', 'Satellite Streets'],
  ['mapbox://styles/mapbox/satellite-v9', 'Satellite'],
  ['mapbox://styles/mapbox/outdoors-v9', 'Outdoors'],
];

/** `rgb(r, g, b)`, the only colour form the peer's point map reads. */
export const MAPBOX_COLOR_PATTERN = /^rgb\((\d{1,3}),\s*(\d{1,3}),\s*(\d{1,3})\)$/;

const columnChoices = ({ datasource }: ControlContext): ChoiceList =>
  (datasource?.columns ?? []).map((c) => [c.column_name, c.verbose_name || c.column_name]);

const grouped = (ctx: ControlContext): string[] => ensureArray<QueryColumn>(ctx.formData.groupby).map(columnLabelOf);

const labelOf = (c: QueryColumn | null) => (c === null ? null : columnLabelOf(c));

// the peer raises these when the query is built; here they show on the control before it runs
const validateLabel: Validator = (_v, ctx) => {
  const label = labelOf(mapboxLabelOf(ctx.formData));
  const groups = grouped(ctx);
  if (label === MAPBOX_COUNT_LABEL && groups.length === 0) return "Must have a [Group By] column to have 'count' as the [Label]";
  if (label !== null && label !== MAPBOX_COUNT_LABEL && groups.length > 0 && !groups.includes(label))
    return 'Choice of [Label] must be present in [Group By]';
  return false;
};

const validateRadius: Validator = (_v, ctx) => {
  const radius = labelOf(mapboxRadiusOf(ctx.formData));
  const groups = grouped(ctx);
  return radius !== null && groups.length > 0 && !groups.includes(radius)
    ? 'Choice of [Point Radius] must be present in [Group By]'
    : false;
};

const validateInGroupby: Validator = (v, ctx) => {
  const groups = grouped(ctx);
  const name = labelOf(ensureArray<QueryColumn>(v)[0] ?? null);
  return groups.length > 0 && name !== null && !groups.includes(name)
    ? '[Longitude] and [Latitude] columns must be present in [Group By]'
    : false;
};

const validateRgb: Validator = (v) =>
  typeof v === 'string' && MAPBOX_COLOR_PATTERN.test(v.trim()) ? false : "Color field must be of form 'rgb(%d, %d, %d)'";

const validateStyle: Validator = (v) =>
  v === null || v === undefined || v === '' || (typeof v === 'string' && /^(mapbox:\/\/styles\/|tile:\/\/https?:\/\/)/.test(v))
    ? false
    : 'is expected to be a Mapbox URL';

const coordinate = (label: string, description: string): ControlConfig => ({
  type: 'ColumnControl',
  label,
  description,
  columnFilter: 'all',
  default: null,
  validators: [validateNonEmpty, validateInGroupby],
});

const viewport = (label: string, def: number, description: string): ControlConfig => ({
  type: 'TextControl',
  label,
  default: def,
  isFloat: true,
  renderTrigger: true,
  validators: [validateNumber],
  description,
});

export const mapboxControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['all_columns_x'], ['all_columns_y'], ['clustering_radius'], ['row_limit'], ['adhoc_filters'], ['groupby']],
    },
    { label: 'Points', tab: 'data', controlSetRows: [['point_radius'], ['point_radius_unit']] },
    { label: 'Labelling', tab: 'data', controlSetRows: [['mapbox_label'], ['pandas_aggfunc']] },
    {
      label: 'Visual Tweaks',
      tab: 'customize',
      expanded: true,
      controlSetRows: [['render_while_dragging'], ['mapbox_style'], ['global_opacity'], ['mapbox_color']],
    },
    { label: 'Viewport', tab: 'customize', controlSetRows: [['viewport_longitude', 'viewport_latitude'], ['viewport_zoom']] },
  ],
  controls: {
    all_columns_x: coordinate('Longitude', 'Column containing longitude data'),
    all_columns_y: coordinate('Latitude', 'Column containing latitude data'),
    clustering_radius: {
      type: 'SelectControl',
      label: 'Clustering Radius',
      freeForm: true,
      default: '60',
      renderTrigger: true,
      choices: ['0', '20', '40', '60', '80', '100', '200', '500', '1000'].map((v) => [v, v]),
      validators: [validateNumber],
      description:
        'The radius (in pixels) the algorithm uses to define a cluster. Choose 0 to turn off clustering, but beware that a large number of points (>1000) will cause lag.',
    },
    groupby: {
      ...sharedControls.groupby,
      description: 'One or many controls to group by. If grouping, latitude and longitude columns must be present.',
    },
    point_radius: {
      type: 'SelectControl',
      label: 'Point Radius',
      default: 'Auto',
      choices: (ctx) => [['Auto', 'Auto'], ...columnChoices(ctx)],
      validators: [validateRadius],
      description:
        'The radius of individual points (ones that are not in a cluster). Either a numerical column or `Auto`, which scales the point based on the largest cluster',
    },
    point_radius_unit: {
      type: 'SelectControl',
      label: 'Point Radius Unit',
      default: 'Pixels',
      renderTrigger: true,
      choices: [
        ['Pixels', 'Pixels'],
        ['Miles', 'Miles'],
        ['Kilometers', 'Kilometers'],
      ],
      description: 'The unit of measure for the specified point radius',
    },
    mapbox_label: {
      type: 'SelectControl',
      label: 'label',
      multi: true,
      default: [],
      choices: (ctx) => [[MAPBOX_COUNT_LABEL, MAPBOX_COUNT_LABEL], ...columnChoices(ctx).filter(([v]) => v !== MAPBOX_COUNT_LABEL)],
      validators: [validateLabel],
      description:
        '`count` is COUNT(*) if a group by is used. Numerical columns will be aggregated with the aggregator. Non-numerical columns will be used to label points. Leave empty to get a count of points in each cluster.',
    },
    pandas_aggfunc: {
      type: 'SelectControl',
      label: 'Cluster label aggregator',
      clearable: false,
      default: 'sum',
      renderTrigger: true,
      choices: CLUSTER_AGGREGATORS.map((a) => [a, a]),
      description: 'Aggregate function applied to the list of points in each cluster to produce the cluster label.',
    },
    render_while_dragging: {
      type: 'CheckboxControl',
      label: 'Live render',
      default: true,
      renderTrigger: true,
      description: 'Points and clusters will update as the viewport is being changed',
    },
    mapbox_style: {
      type: 'SelectControl',
      label: 'Map Style',
      clearable: false,
      renderTrigger: true,
      freeForm: true,
      default: 'mapbox://styles/mapbox/light-v9',
      choices: MAPBOX_STYLES,
      validators: [validateStyle],
      description:
        'Base layer map style, used when an administrator has configured MAPBOX_API_KEY; without it (or with a tile server set by RAMA_MAP_TILE_URL) the style does not apply. See https://docs.mapbox.com/help/glossary/style-url/',
    },
    global_opacity: {
      type: 'TextControl',
      label: 'Opacity',
      default: 1,
      isFloat: true,
      renderTrigger: true,
      validators: [validateNumber],
      description: 'Opacity of all clusters, points, and labels. Between 0 and 1.',
    },
    mapbox_color: {
      type: 'SelectControl',
      label: 'RGB Color',
      freeForm: true,
      default: MAPBOX_COLORS[0][0],
      renderTrigger: true,
      choices: MAPBOX_COLORS,
      validators: [validateRgb],
      description: 'The color for points and clusters in RGB',
    },
    viewport_longitude: viewport('Default longitude', -122.405293, 'Longitude of default viewport'),
    viewport_latitude: viewport('Default latitude', 37.772123, 'Latitude of default viewport'),
    viewport_zoom: viewport('Zoom', 11, 'Zoom level of the map'),
  },
};
