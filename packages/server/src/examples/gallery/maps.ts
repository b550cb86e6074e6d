/**
 * Gallery examples of the map types: life expectancy and population on the world map (gapminder,
 * countries by name), airports per state on the US country map, and airports as clustered points.
 */
import type { ExampleChart } from '../charts.js';
import { filter, sqlColumn } from '../formData.js';

/** US states and territories off the contiguous map (and the file's few malformed state values). */
const OUTSIDE_CONTIGUOUS = ['AK', 'HI', 'PR', 'VI', 'GU', 'AS', 'CQ', 'NA'];

export const MAPS_GALLERY_CHARTS: ExampleChart[] = [
  {
    key: 'gallery-world-map',
    name: 'Life expectancy and population by country, 2005',
    table: 'gapminder',
    vizType: 'world_map',
    description: 'Countries shaded by life expectancy; bubbles sized by population.',
    params: {
      entity: 'country',
      country_fieldtype: 'name',
      metric: 'avg_life_expect',
      secondary_metric: 'sum_population',
      adhoc_filters: [filter('year', 'EQUALS', 2005)],
      row_limit: 1000,
      show_bubbles: true,
      max_bubble_size: '25',
      color_picker: { r: 69, g: 78, b: 124, a: 1 },
      color_by: 'metric',
      linear_color_scheme: 'schemeRdYlGn',
      y_axis_format: ',.1f',
    },
  },
  {
    key: 'gallery-country-map',
    name: 'Airports by US state',
    table: 'airports',
    vizType: 'country_map',
    description: 'Number of airports in each state (Alaska has the most).',
    params: {
      select_country: 'usa',
      // the peer's country map reads ISO 3166-2 codes; the table holds USPS state codes
      entity: sqlColumn('ISO 3166-2 code', "'US-' || state"),
      metric: 'count',
      adhoc_filters: [filter('country', 'EQUALS', 'USA')],
      number_format: ',d',
      linear_color_scheme: 'dark_blue',
    },
  },
  {
    key: 'gallery-mapbox',
    name: 'Airports in the contiguous United States',
    table: 'airports',
    vizType: 'mapbox',
    description: 'Every airport as a point, clustered at the zoom level; zoom in to split the clusters.',
    params: {
      all_columns_x: 'longitude',
      all_columns_y: 'latitude',
      clustering_radius: '60',
      row_limit: 5000,
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          subject: 'state',
          operator: 'NOT IN',
          operatorId: 'NOT_IN',
          comparator: OUTSIDE_CONTIGUOUS,
          clause: 'WHERE',
          isExtra: false,
          filterOptionName: 'filter_state_not_in',
        },
      ],
      mapbox_label: [],
      point_radius: 'Auto',
      mapbox_color: 'rgb(0, 139, 139)',
      global_opacity: 1,
    },
  },
];
