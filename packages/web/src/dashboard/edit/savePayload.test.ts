import { describe, expect, it } from 'vitest';
import { DASHBOARD_VERSION_KEY, UNTITLED_DASHBOARD_TITLE, type DashboardLayout } from '@rama/shared';
import {
  buildSaveBody,
  displayValue,
  isServerNewer,
  overwriteItems,
  overwriteLabel,
  serverModifiedTime,
  type SaveSource,
  type ServerCopy,
} from './savePayload';

const layout: DashboardLayout = {
  ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
  GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-a'], parents: ['ROOT_ID'] },
  'ROW-a': {
    type: 'ROW',
    id: 'ROW-a',
    children: ['CHART-x'],
    parents: ['ROOT_ID', 'GRID_ID'],
    meta: { background: 'BACKGROUND_TRANSPARENT' },
  },
  'CHART-x': {
    type: 'CHART',
    id: 'CHART-x',
    children: [],
    parents: ['ROOT_ID', 'GRID_ID', 'ROW-a'],
    meta: { chartId: 7, width: 4, height: 50, sliceName: 'Delays' },
  },
};

const source = (over: Partial<SaveSource> = {}): SaveSource => ({
  dashboard_title: 'Flights',
  slug: 'flights',
  owners: [1, 2],
  roles: [3],
  certified_by: '',
  certification_details: null,
  css: '.x { color: red; }',
  metadata: { refresh_frequency: 300, native_filter_configuration: [], positions: { stale: true }, stagger_time: 2000 },
  colorScheme: 'bnbColors',
  labelColors: { SEA: '#ff0000' },
  refreshFrequency: 60,
  persistRefreshFrequency: false,
  layout,
  rbac: false,
  ...over,
});

const serverCopy = (over: Partial<ServerCopy> = {}): ServerCopy => {
  const body = buildSaveBody(source());
  return {
    dashboard_title: body.dashboard_title,
    slug: body.slug,
    css: body.css,
    certified_by: null,
    certification_details: null,
    owners: [
      { id: 2, first_name: 'Bo', last_name: 'Lind' },
      { id: 1, first_name: 'Ann', last_name: 'Ek' },
    ],
    roles: [{ id: 3, name: 'Gamma' }],
    json_metadata: body.json_metadata,
    position_json: body.position_json,
    ...over,
  };
};

describe('buildSaveBody (spec section 7: PUT /api/v1/dashboard/{id} with the full body)', () => {
  it('sends the full body with the layout as position_json and in json_metadata.positions', () => {
    const body = buildSaveBody(source());
    expect(Object.keys(body).sort()).toEqual(
      ['certification_details', 'certified_by', 'css', 'dashboard_title', 'json_metadata', 'owners', 'position_json', 'slug'].sort(),
    );
    const position = JSON.parse(body.position_json) as Record<string, unknown>;
    expect(position[DASHBOARD_VERSION_KEY]).toBe('v2');
    expect(position['CHART-x']).toEqual(layout['CHART-x']);
    const meta = JSON.parse(body.json_metadata) as Record<string, unknown>;
    expect(meta.positions).toEqual(position);
    expect(meta.color_scheme).toBe('bnbColors');
    expect(meta.label_colors).toEqual({ SEA: '#ff0000' });
    // unknown and filter keys are kept
    expect(meta.native_filter_configuration).toEqual([]);
    expect(meta.stagger_time).toBe(2000);
  });

  it('spec section 6: roles are sent only when the dashboard RBAC feature is on', () => {
    expect(buildSaveBody(source()).roles).toBeUndefined();
    expect(buildSaveBody(source({ rbac: true })).roles).toEqual([3]);
  });

  it('spec section 4: the refresh frequency is saved only when it is to be persisted', () => {
    const kept = JSON.parse(buildSaveBody(source()).json_metadata) as Record<string, unknown>;
    expect(kept.refresh_frequency).toBe(300);
    const persisted = JSON.parse(buildSaveBody(source({ persistRefreshFrequency: true })).json_metadata) as Record<string, unknown>;
    expect(persisted.refresh_frequency).toBe(60);
    const none = JSON.parse(buildSaveBody(source({ metadata: {} })).json_metadata) as Record<string, unknown>;
    expect('refresh_frequency' in none).toBe(false);
  });

  it("spec section 5: a blank title is saved as '[ untitled dashboard ]'; blank slug and certification as null", () => {
    const body = buildSaveBody(source({ dashboard_title: '  ', slug: ' ', certified_by: ' ' }));
    expect(body.dashboard_title).toBe(UNTITLED_DASHBOARD_TITLE);
    expect(body.slug).toBeNull();
    expect(body.certified_by).toBeNull();
  });
});

describe('overwrite check (spec section 4 "Overwrite confirmation")', () => {
  it('is needed only when the server copy is newer than the loaded one', () => {
    expect(isServerNewer(100.5, 100.5)).toBe(false);
    expect(isServerNewer(100.5, 100.4)).toBe(false);
    expect(isServerNewer(100.5, 100.6)).toBe(true);
    expect(isServerNewer(null, 200)).toBe(false);
    expect(isServerNewer(100, null)).toBe(false);
  });

  it('reads the server time from last_modified_time, else from changed_on (UTC)', () => {
    expect(serverModifiedTime({ last_modified_time: 1700000000.25 })).toBe(1700000000.25);
    expect(serverModifiedTime({ changed_on: '2024-01-01T00:00:00' })).toBe(Date.UTC(2024, 0, 1) / 1000);
    expect(serverModifiedTime({ changed_on: '2024-01-01T01:00:00+01:00' })).toBe(Date.UTC(2024, 0, 1) / 1000);
    expect(serverModifiedTime({})).toBeNull();
  });

  it('lists nothing when the server values equal the submitted ones (order of owners, empty vs absent)', () => {
    expect(overwriteItems(serverCopy({ owners: serverCopy().owners.reverse() }), buildSaveBody(source()))).toEqual([]);
  });

  it('lists each differing field with the server and the submitted value', () => {
    const server = serverCopy({ dashboard_title: 'Flights (theirs)', css: null });
    const items = overwriteItems(server, buildSaveBody(source()));
    expect(items.map((i) => i.keyPath)).toEqual(['dashboard_title', 'css']);
    expect(items[0]).toEqual({ keyPath: 'dashboard_title', oldValue: 'Flights (theirs)', newValue: 'Flights' });
    expect(items[1].oldValue).toBe('(empty)');
  });

  it('compares owners as sets and shows them by name', () => {
    const items = overwriteItems(serverCopy({ owners: [{ id: 1, first_name: 'Ann', last_name: 'Ek' }] }), buildSaveBody(source()), {
      owners: new Map([[2, 'Bo Lind']]),
    });
    expect(items).toEqual([{ keyPath: 'owners', oldValue: 'Ann Ek', newValue: 'Ann Ek, Bo Lind' }]);
  });

  it('compares roles only when they are submitted (RBAC on)', () => {
    const server = serverCopy({ roles: [] });
    expect(overwriteItems(server, buildSaveBody(source())).map((i) => i.keyPath)).toEqual([]);
    expect(overwriteItems(server, buildSaveBody(source({ rbac: true }))).map((i) => i.keyPath)).toEqual(['roles']);
  });

  it('compares json_metadata key by key, leaving out the keys the colour sync maintains', () => {
    const meta = JSON.parse(buildSaveBody(source()).json_metadata) as Record<string, unknown>;
    const server = serverCopy({
      json_metadata: JSON.stringify({ ...meta, color_scheme: 'googleCategory10c', shared_label_colors: ['SEA'], positions: {} }),
    });
    const items = overwriteItems(server, buildSaveBody(source()));
    expect(items.map((i) => i.keyPath)).toEqual(['json_metadata.color_scheme']);
    expect(items[0]).toMatchObject({ oldValue: 'googleCategory10c', newValue: 'bnbColors' });
  });

  it('compares the layout without its version key', () => {
    const unversioned = JSON.stringify(layout);
    expect(overwriteItems(serverCopy({ position_json: unversioned }), buildSaveBody(source()))).toEqual([]);
    const moved = JSON.stringify({ ...layout, 'CHART-x': { ...layout['CHART-x'], meta: { chartId: 7, width: 6, height: 50 } } });
    expect(overwriteItems(serverCopy({ position_json: moved }), buildSaveBody(source())).map((i) => i.keyPath)).toEqual(['position_json']);
  });

  it('names fields for the confirmation list', () => {
    expect(overwriteLabel('dashboard_title')).toBe('Title');
    expect(overwriteLabel('position_json')).toBe('Layout');
    expect(overwriteLabel('json_metadata.color_scheme')).toBe('JSON metadata: color_scheme');
  });

  it('shows structured values as indented JSON with sorted keys', () => {
    expect(displayValue({ b: 1, a: [2] })).toBe('{\n  "a": [\n    2\n  ],\n  "b": 1\n}');
    expect(displayValue({})).toBe('(empty)');
    expect(displayValue('')).toBe('(empty)');
  });
});
