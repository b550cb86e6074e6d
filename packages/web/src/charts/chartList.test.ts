import { describe, expect, it } from 'vitest';
import { NO_CHART_FILTERS, canEditChart, chartExplorePath, chartListFilters, newChartPath, vizTypeName } from './chartList';
import { favoriteMap } from '../components/listState';

describe('chart list filters (spec section 7, "Charts")', () => {
  it('sends nothing when no filter is set', () => {
    expect(chartListFilters(NO_CHART_FILTERS)).toEqual([]);
    expect(chartListFilters({ ...NO_CHART_FILTERS, name: '   ' })).toEqual([]);
  });

  it('searches the name with chart_all_text and maps each filter to the server column and operator', () => {
    expect(
      chartListFilters({ name: ' delays ', vizType: 'pie', datasetId: 3, ownerId: 7, dashboardId: 9, favorite: true, certified: false }),
    ).toEqual([
      { col: 'slice_name', opr: 'chart_all_text', value: 'delays' },
      { col: 'viz_type', opr: 'eq', value: 'pie' },
      { col: 'datasource_id', opr: 'eq', value: 3 },
      { col: 'owners', opr: 'rel_m_m', value: 7 },
      { col: 'dashboards', opr: 'rel_m_m', value: 9 },
      { col: 'id', opr: 'chart_is_favorite', value: true },
      { col: 'id', opr: 'chart_is_certified', value: false },
    ]);
  });

  it('"not a favorite" is a filter too, unlike "any"', () => {
    expect(chartListFilters({ ...NO_CHART_FILTERS, favorite: false })).toEqual([{ col: 'id', opr: 'chart_is_favorite', value: false }]);
  });
});

describe('chart names and links', () => {
  it('shows a known visualization by its name and an unknown one by its key', () => {
    expect(vizTypeName('pie')).toBe('Pie Chart');
    expect(vizTypeName('some_plugin_viz')).toBe('some_plugin_viz');
  });

  it('opens a saved chart by slice_id and a new chart on a dataset', () => {
    expect(chartExplorePath(12)).toBe('/explore/?slice_id=12');
    expect(newChartPath(3, null)).toBe('/explore/?datasource_type=table&datasource_id=3');
    expect(newChartPath(3, 'echarts_timeseries_line')).toBe(
      '/explore/?datasource_type=table&datasource_id=3&viz_type=echarts_timeseries_line',
    );
  });
});

describe('who may change a chart (spec section 6, can_overwrite)', () => {
  const chart = { owners: [{ id: 3, first_name: 'Ada', last_name: 'Lovelace' }] };
  it('its owners and admins', () => {
    expect(canEditChart(chart, 3, false)).toBe(true);
    expect(canEditChart(chart, 4, true)).toBe(true);
    expect(canEditChart(chart, 4, false)).toBe(false);
  });
});

describe('favorite status', () => {
  it('reads the server reply by id; a missing reply stars nothing', () => {
    const map = favoriteMap([
      { id: 1, value: true },
      { id: 2, value: false },
    ]);
    expect(map.get(1)).toBe(true);
    expect(map.get(2)).toBe(false);
    expect(map.get(3)).toBeUndefined();
    expect(favoriteMap(undefined).size).toBe(0);
  });
});
