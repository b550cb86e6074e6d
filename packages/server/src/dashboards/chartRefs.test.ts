import { describe, expect, it } from 'vitest';
import {
  nativeFilterDatasetIds,
  nativeFilterDatasetUuids,
  nativeFiltersById,
  nativeFiltersByUuid,
  remapLayoutCharts,
  remapMetadataChartIds,
  resolveLayoutUuids,
  withChartUuids,
} from './chartRefs.js';

const layout = () => ({
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
  GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1'], parents: ['ROOT_ID'] },
  'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-a', 'CHART-b', 'MARKDOWN-m'], parents: ['ROOT_ID', 'GRID_ID'] },
  'CHART-a': { type: 'CHART', id: 'CHART-a', children: [], meta: { chartId: 11, width: 4, height: 50, uuid: 'AAAA-1' } },
  'CHART-b': { type: 'CHART', id: 'CHART-b', children: [], meta: { chartId: 12, width: 4, height: 50, uuid: 'bbbb-2' } },
  'MARKDOWN-m': { type: 'MARKDOWN', id: 'MARKDOWN-m', children: [], meta: { code: '# x' } },
});

const metaOf = (p: Record<string, unknown>, id: string) => (p[id] as { meta: Record<string, unknown> }).meta;

describe('chart ids in a layout', () => {
  it('a copy with duplicated charts points each chart component at its copy, leaving the input alone', () => {
    const before = layout();
    const after = remapLayoutCharts(before, new Map([[11, 101]]));
    expect(metaOf(after, 'CHART-a').chartId).toBe(101);
    expect(metaOf(after, 'CHART-b').chartId).toBe(12);
    expect(metaOf(before, 'CHART-a').chartId).toBe(11);
  });

  it('writes each chart uuid beside its id, as the BI server stores the layout', () => {
    const after = withChartUuids(layout(), new Map([[12, 'cccc-3']]));
    expect(metaOf(after, 'CHART-b').uuid).toBe('cccc-3');
    expect(metaOf(after, 'CHART-a').uuid).toBe('AAAA-1');
  });

  it('an import finds charts by uuid (any case) and drops the components of charts it cannot find', () => {
    const { position, ids } = resolveLayoutUuids(layout(), new Map([['aaaa-1', 7]]));
    expect(metaOf(position, 'CHART-a')).toMatchObject({ chartId: 7, uuid: 'aaaa-1' });
    expect(position['CHART-b']).toBeUndefined();
    expect((position['ROW-1'] as { children: string[] }).children).toEqual(['CHART-a', 'MARKDOWN-m']);
    expect([...ids]).toEqual([[11, 7]]);
    expect(position.DASHBOARD_VERSION_KEY).toBe('v2');
  });
});

describe('chart ids in json_metadata', () => {
  const metadata = () => ({
    color_scheme: 'supersetColors',
    expanded_slices: { '11': true, '12': false },
    timed_refresh_immune_slices: [11, 12],
    filter_scopes: { '11': { origin: { scope: ['ROOT_ID'], immune: [12] } } },
    default_filters: JSON.stringify({ '11': { origin: ['SEA'] } }),
    chart_configuration: {
      '11': { id: 11, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [11, 12] }, chartsInScope: [12] } },
    },
    global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [12] }, chartsInScope: [11, 12] },
    native_filter_configuration: [
      { id: 'NATIVE_FILTER-1', chartsInScope: [11, 12], scope: { rootPath: ['ROOT_ID'], excluded: [12] }, targets: [] },
    ],
  });

  it('a copy moves every reference of a duplicated chart and keeps the others', () => {
    const md = remapMetadataChartIds(metadata(), new Map([[11, 101]]), { dropUnknown: false });
    expect(md.expanded_slices).toEqual({ '101': true, '12': false });
    expect(md.timed_refresh_immune_slices).toEqual([101, 12]);
    expect(md.filter_scopes).toEqual({ '101': { origin: { scope: ['ROOT_ID'], immune: [12] } } });
    expect(JSON.parse(md.default_filters as string)).toEqual({ '101': { origin: ['SEA'] } });
    expect(md.chart_configuration).toEqual({
      '101': { id: 101, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [101, 12] }, chartsInScope: [12] } },
    });
    expect(md.global_chart_configuration).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [12] }, chartsInScope: [101, 12] });
    expect(md.native_filter_configuration).toEqual([
      { id: 'NATIVE_FILTER-1', chartsInScope: [101, 12], scope: { rootPath: ['ROOT_ID'], excluded: [12] }, targets: [] },
    ]);
    expect(md.color_scheme).toBe('supersetColors');
  });

  it('an import drops references to charts that did not come along', () => {
    const md = remapMetadataChartIds(metadata(), new Map([[12, 5]]), { dropUnknown: true });
    expect(md.expanded_slices).toEqual({ '5': false });
    expect(md.timed_refresh_immune_slices).toEqual([5]);
    expect(md.filter_scopes).toEqual({});
    expect(md.chart_configuration).toEqual({});
    expect(md.global_chart_configuration).toMatchObject({ chartsInScope: [5], scope: { excluded: [5] } });
  });

  it('leaves metadata without chart references as it is', () => {
    expect(remapMetadataChartIds({ color_scheme: 'x', refresh_frequency: 60 }, new Map([[1, 2]]), { dropUnknown: true })).toEqual({
      color_scheme: 'x',
      refresh_frequency: 60,
    });
  });
});

describe('native filter datasets', () => {
  const md = {
    native_filter_configuration: [
      { id: 'F1', targets: [{ datasetId: 7, column: { name: 'origin' } }] },
      {
        id: 'F2',
        targets: [
          { datasetId: 7, column: { name: 'dest' } },
          { datasetId: 9, column: { name: 'x' } },
        ],
      },
    ],
  };

  it('an export names them by uuid, an import by this installation’s ids', () => {
    expect(nativeFilterDatasetIds(md)).toEqual([7, 9]);
    const exported = nativeFiltersByUuid(md, new Map([[7, 'uuid-7']]));
    // dataset 9 is not in the bundle: its id would mean nothing elsewhere, so it is left out (as the BI server exports it)
    expect(exported.native_filter_configuration).toEqual([
      { id: 'F1', targets: [{ datasetUuid: 'uuid-7', column: { name: 'origin' } }] },
      {
        id: 'F2',
        targets: [{ datasetUuid: 'uuid-7', column: { name: 'dest' } }, { column: { name: 'x' } }],
      },
    ]);
    expect(nativeFilterDatasetUuids(exported)).toEqual(['uuid-7']);
    const imported = nativeFiltersById(exported, new Map([['uuid-7', 70]]));
    expect(nativeFilterDatasetIds(imported)).toEqual([70]);
    expect(md.native_filter_configuration[1].targets[1]).toEqual({ datasetId: 9, column: { name: 'x' } });
  });

  it('an import drops another installation’s dataset ids and uuids it cannot find', () => {
    const bundled = {
      native_filter_configuration: [
        {
          id: 'F1',
          targets: [
            { datasetId: 3, datasetUuid: 'UUID-7', column: { name: 'a' } },
            { datasetId: 4, column: { name: 'b' } },
            { datasetUuid: 'uuid-gone', column: { name: 'c' } },
            {},
          ],
        },
      ],
    };
    const imported = nativeFiltersById(bundled, new Map([['uuid-7', 70]]));
    expect((imported.native_filter_configuration as { targets: unknown[] }[])[0].targets).toEqual([
      { datasetId: 70, column: { name: 'a' } },
      { column: { name: 'b' } },
      { column: { name: 'c' } },
      {},
    ]);
  });
});

describe('native filters and cross-filters follow their charts', () => {
  const md = () => ({
    native_filter_configuration: [
      {
        id: 'NATIVE_FILTER-1',
        type: 'NATIVE_FILTER',
        targets: [{ datasetId: 7, column: { name: 'origin' } }],
        scope: { rootPath: ['TAB-1'], excluded: [11, 13] },
        chartsInScope: [11, 12, 13],
        tabsInScope: ['TAB-1'],
        cascadeParentIds: [],
      },
      {
        id: 'NATIVE_FILTER_DIVIDER-1',
        type: 'DIVIDER',
        title: 'Section',
        chartsInScope: [12],
        scope: { rootPath: ['ROOT_ID'], excluded: [11] },
      },
    ],
    chart_configuration: {
      '11': { id: 11, crossFilters: { scope: 'global', chartsInScope: [12, 13] } },
      '13': { id: 13, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [11] }, chartsInScope: [12] } },
    },
    global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [13] }, chartsInScope: [11, 12] },
  });

  it('an import moves chartsInScope, scope.excluded and chart configuration keys and values, dropping charts left behind', () => {
    const out = remapMetadataChartIds(
      md(),
      new Map([
        [11, 111],
        [12, 112],
      ]),
      { dropUnknown: true },
    );
    expect(out.native_filter_configuration).toEqual([
      {
        id: 'NATIVE_FILTER-1',
        type: 'NATIVE_FILTER',
        targets: [{ datasetId: 7, column: { name: 'origin' } }],
        scope: { rootPath: ['TAB-1'], excluded: [111] },
        chartsInScope: [111, 112],
        tabsInScope: ['TAB-1'],
        cascadeParentIds: [],
      },
      {
        id: 'NATIVE_FILTER_DIVIDER-1',
        type: 'DIVIDER',
        title: 'Section',
        chartsInScope: [112],
        scope: { rootPath: ['ROOT_ID'], excluded: [111] },
      },
    ]);
    expect(out.chart_configuration).toEqual({ '111': { id: 111, crossFilters: { scope: 'global', chartsInScope: [112] } } });
    expect(out.global_chart_configuration).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [111, 112] });
  });

  it('a copy that duplicated some charts moves those and keeps the rest', () => {
    const out = remapMetadataChartIds(md(), new Map([[13, 113]]), { dropUnknown: false });
    expect((out.native_filter_configuration as { chartsInScope: number[]; scope: { excluded: number[] } }[])[0]).toMatchObject({
      chartsInScope: [11, 12, 113],
      scope: { excluded: [11, 113] },
    });
    expect(Object.keys(out.chart_configuration as object).sort()).toEqual(['11', '113']);
    expect((out.chart_configuration as Record<string, unknown>)['113']).toEqual({
      id: 113,
      crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [11] }, chartsInScope: [12] },
    });
    expect((out.chart_configuration as Record<string, { crossFilters: unknown }>)['11'].crossFilters).toEqual({
      scope: 'global',
      chartsInScope: [12, 113],
    });
  });
});
