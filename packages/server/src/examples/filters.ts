/**
 * The example dashboards' native filters (issue 13): the flights overview filters by time range
 * origin airport and destination (chained to the origin); the world indicators by country. Filters
 * name datasets by their example table; ids are fixed so a reload replaces them.
 */
import { withScopeComputed, type DashboardLayout, type FilterConfigItem, type NativeFilter } from '@rama/shared';

export interface ExampleFilter {
  key: string;
  name: string;
  filterType: 'filter_select' | 'filter_range' | 'filter_time';
  table: string;
  column: string | null;
  /** keys of parent filters (cascade) */
  parents?: string[];
  multiSelect?: boolean;
  description?: string;
}

export const EXAMPLE_FILTERS: Readonly<Record<string, readonly ExampleFilter[]>> = {
  flights: [
    {
      key: 'flights-time',
      name: 'Time range',
      filterType: 'filter_time',
      table: 'flights',
      column: null,
      description: 'When the flights left',
    },
    { key: 'flights-origin', name: 'Origin airport', filterType: 'filter_select', table: 'flights', column: 'origin' },
    {
      key: 'flights-destination',
      name: 'Destination airport',
      filterType: 'filter_select',
      table: 'flights',
      column: 'destination',
      parents: ['flights-origin'],
      description: 'Offers the destinations flown from the origin airports picked',
    },
  ],
  world_health: [{ key: 'world-country', name: 'Country', filterType: 'filter_select', table: 'gapminder', column: 'country' }],
};

export const exampleFilterId = (key: string) => `NATIVE_FILTER-${key}`;

/** The filters of one example dashboard, scoped to the whole dashboard (scopes computed from its layout). */
export function exampleNativeFilters(
  dashboardKey: string,
  layout: DashboardLayout,
  datasetOf: ReadonlyMap<string, number>,
): FilterConfigItem[] {
  const out: FilterConfigItem[] = [];
  for (const f of EXAMPLE_FILTERS[dashboardKey] ?? []) {
    const datasetId = datasetOf.get(f.table);
    if (datasetId === undefined) continue;
    const filter: NativeFilter = {
      id: exampleFilterId(f.key),
      type: 'NATIVE_FILTER',
      name: f.name,
      filterType: f.filterType,
      targets: [f.column ? { datasetId, column: { name: f.column } } : { datasetId }],
      controlValues: {
        multiSelect: f.multiSelect ?? true,
        enableEmptyFilter: false,
        defaultToFirstItem: false,
        inverseSelection: false,
        searchAllOptions: false,
      },
      defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
      cascadeParentIds: (f.parents ?? []).map(exampleFilterId),
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      description: f.description ?? '',
    };
    out.push(withScopeComputed(layout, filter));
  }
  return out;
}
