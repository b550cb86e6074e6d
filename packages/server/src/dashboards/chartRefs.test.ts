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
    expect(exported.native_filter_configuration).toEqual([
      { id: 'F1', targets: [{ datasetUuid: 'uuid-7', column: { name: 'origin' } }] },
      {
        id: 'F2',
        targets: [
          { datasetUuid: 'uuid-7', column: { name: 'dest' } },
          { datasetId: 9, column: { name: 'x' } },
        ],
      },
    ]);
    expect(nativeFilterDatasetUuids(exported)).toEqual(['uuid-7']);
    const imported = nativeFiltersById(exported, new Map([['uuid-7', 70]]));
    expect(nativeFilterDatasetIds(imported)).toEqual([70, 9]);
  });
});
