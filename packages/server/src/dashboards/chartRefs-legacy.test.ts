/**
 * Issue 31 item 2: a bundled dashboard's legacy layout charts on import (`convertLegacyLayout`):
 * filter boxes become native filters and leave the layout, markup charts become Markdown.
 */
import { describe, expect, it } from 'vitest';
import type { NativeFilter } from '@rama/shared';
import { convertLegacyLayout, type LegacyLayoutChart } from './chartRefs.js';

const BOX = 'b0b0b0b0-0000-4000-8000-000000000001';
const MARKUP = 'b0b0b0b0-0000-4000-8000-000000000002';
const FRAME = 'b0b0b0b0-0000-4000-8000-000000000003';
const BAD_FRAME = 'b0b0b0b0-0000-4000-8000-000000000004';
const DATASET = 'd0d0d0d0-0000-4000-8000-000000000001';

const chart = (id: string, chartId: number, uuid: string, parents: string[], width = 4) => ({
  type: 'CHART',
  id,
  children: [],
  parents,
  meta: { chartId, uuid, width, height: 50 },
});

/** Two tabs; tab 1 holds a row with only the box and a row with a bar chart and the markup; tab 2 an area chart and two iframes. */
const layout = () => ({
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['TABS-1'] },
  'TABS-1': { type: 'TABS', id: 'TABS-1', children: ['TAB-a', 'TAB-b'], parents: ['ROOT_ID'] },
  'TAB-a': { type: 'TAB', id: 'TAB-a', children: ['ROW-box', 'ROW-1'], parents: ['ROOT_ID', 'TABS-1'], meta: { text: 'A' } },
  'TAB-b': { type: 'TAB', id: 'TAB-b', children: ['ROW-2'], parents: ['ROOT_ID', 'TABS-1'], meta: { text: 'B' } },
  'ROW-box': { type: 'ROW', id: 'ROW-box', children: ['CHART-box'], parents: ['ROOT_ID', 'TABS-1', 'TAB-a'] },
  'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-bar', 'CHART-md'], parents: ['ROOT_ID', 'TABS-1', 'TAB-a'] },
  'ROW-2': { type: 'ROW', id: 'ROW-2', children: ['CHART-area', 'CHART-frame', 'CHART-bad'], parents: ['ROOT_ID', 'TABS-1', 'TAB-b'] },
  'CHART-box': chart('CHART-box', 7, BOX.toUpperCase(), ['ROOT_ID', 'TABS-1', 'TAB-a', 'ROW-box']),
  'CHART-bar': chart('CHART-bar', 8, 'c1', ['ROOT_ID', 'TABS-1', 'TAB-a', 'ROW-1']),
  'CHART-md': chart('CHART-md', 9, MARKUP, ['ROOT_ID', 'TABS-1', 'TAB-a', 'ROW-1'], 5),
  'CHART-area': chart('CHART-area', 10, 'c2', ['ROOT_ID', 'TABS-1', 'TAB-b', 'ROW-2']),
  'CHART-frame': chart('CHART-frame', 11, FRAME, ['ROOT_ID', 'TABS-1', 'TAB-b', 'ROW-2']),
  'CHART-bad': chart('CHART-bad', 12, BAD_FRAME, ['ROOT_ID', 'TABS-1', 'TAB-b', 'ROW-2']),
});

const charts = new Map<string, LegacyLayoutChart>([
  [
    BOX,
    {
      name: 'Filters',
      datasetUuid: DATASET,
      formData: { viz_type: 'filter_box', filter_configs: [{ column: 'origin', label: 'Origin', multiple: true }] },
    },
  ],
  [MARKUP, { name: 'Notes', datasetUuid: DATASET, formData: { viz_type: 'markup', markup_type: 'markdown', code: '## Read me' } }],
  [FRAME, { name: 'Site', datasetUuid: DATASET, formData: { viz_type: 'iframe', url: 'https://example.com/page' } }],
  [BAD_FRAME, { name: 'Script', datasetUuid: DATASET, formData: { viz_type: 'iframe', url: 'javascript:alert(1)' } }],
]);

const metadata = () => ({
  color_scheme: 'supersetColors',
  default_filters: JSON.stringify({ 7: { origin: ['ORD'] } }),
  filter_scopes: { 7: { origin: { scope: ['ROOT_ID'], immune: [10] } } },
  filter_immune_slices: [],
  filter_immune_slice_fields: {},
  native_filter_configuration: [{ id: 'NATIVE_FILTER-kept', name: 'Kept', filterType: 'filter_select', targets: [] }],
});

describe('convertLegacyLayout: legacy layout charts of an imported dashboard', () => {
  it('a filter box becomes a select filter with its default and scope, targets named by dataset uuid, after the kept filters', () => {
    const input = { position: layout(), metadata: metadata() };
    const out = convertLegacyLayout(input.position, input.metadata, charts, { newId: () => 'abc' });
    const filters = out.metadata.native_filter_configuration as NativeFilter[];
    expect(filters.map((f) => f.id)).toEqual(['NATIVE_FILTER-kept', 'NATIVE_FILTER-abc']);
    const origin = filters[1];
    expect(origin).toMatchObject({
      filterType: 'filter_select',
      name: 'Origin',
      targets: [{ column: { name: 'origin' }, datasetUuid: DATASET }],
      scope: { rootPath: ['ROOT_ID'], excluded: [10] },
      defaultDataMask: { filterState: { value: ['ORD'] } },
    });
    expect(origin.targets[0]).not.toHaveProperty('datasetId');
    // the legacy filter keys are gone, the rest stays; the input is untouched
    expect(Object.keys(out.metadata).sort()).toEqual(['color_scheme', 'native_filter_configuration']);
    expect(input.metadata).toEqual(metadata());
    expect(input.position).toEqual(layout());
    expect(out.conversions).toContainEqual({ uuid: BOX, name: 'Filters', from: 'filter_box', kind: 'native_filter', filters: 1 });
  });

  it('the box leaves the layout with the row it empties; the other rows keep their charts', () => {
    const { position } = convertLegacyLayout(layout(), metadata(), charts);
    expect(position).not.toHaveProperty('CHART-box');
    expect(position).not.toHaveProperty('ROW-box');
    expect((position['TAB-a'] as { children: string[] }).children).toEqual(['ROW-1']);
    expect(position).toHaveProperty('CHART-bar');
  });

  it('a markup chart becomes a Markdown component in its place with its size; an iframe with a web address becomes a link', () => {
    const { position, conversions } = convertLegacyLayout(layout(), metadata(), charts);
    expect(position).not.toHaveProperty('CHART-md');
    expect(position['MARKDOWN-md']).toEqual({
      type: 'MARKDOWN',
      id: 'MARKDOWN-md',
      children: [],
      parents: ['ROOT_ID', 'TABS-1', 'TAB-a', 'ROW-1'],
      meta: { code: '## Read me', width: 5, height: 50 },
    });
    expect((position['ROW-1'] as { children: string[] }).children).toEqual(['CHART-bar', 'MARKDOWN-md']);
    expect((position['MARKDOWN-frame'] as { meta: { code: string } }).meta.code).toBe(
      '[https://example.com/page](https://example.com/page)\n',
    );
    // an iframe of another address stays a chart (it opens with the retired message)
    expect(position).toHaveProperty('CHART-bad');
    expect((position['ROW-2'] as { children: string[] }).children).toEqual(['CHART-area', 'MARKDOWN-frame', 'CHART-bad']);
    expect(conversions.filter((c) => c.kind === 'markdown').map((c) => c.uuid)).toEqual([MARKUP, FRAME]);
  });

  it('a dashboard without legacy charts is returned as it is, legacy keys included', () => {
    const plain = new Map([...charts].filter(([uuid]) => uuid === 'none'));
    const out = convertLegacyLayout(layout(), metadata(), plain);
    expect(out).toEqual({ position: layout(), metadata: metadata(), conversions: [] });
  });
});
