import { describe, expect, it } from 'vitest';
import { DASHBOARD_VERSION_KEY, type DashboardLayout } from '@rama/shared';
import {
  colorSchemeIn,
  copyBody,
  copyTitle,
  metadataForEditor,
  metadataWithoutLayout,
  propertiesPutBody,
  readEditedMetadata,
  slugUrlPreview,
  withColorScheme,
} from './propertiesModel';

describe('slug preview (the server rule: `a b` → `a-b`)', () => {
  it('shows the address by slug, else by id (spec section 2 routes)', () => {
    expect(slugUrlPreview('https://bi.example', 7, 'a b')).toBe('https://bi.example/rama/dashboard/a-b/');
    expect(slugUrlPreview('https://bi.example', 7, '')).toBe('https://bi.example/rama/dashboard/7/');
  });
});

describe('JSON metadata editor', () => {
  const stored = {
    color_scheme: 'bnbColors',
    label_colors: { SEA: '#ff0000' },
    positions: { ROOT_ID: {} },
    shared_label_colors: ['SEA'],
    refresh_frequency: 60,
  };

  it('shows the metadata without the layout copy and the colour sync keys', () => {
    const text = metadataForEditor(stored);
    expect(JSON.parse(text)).toEqual({ color_scheme: 'bnbColors', label_colors: { SEA: '#ff0000' }, refresh_frequency: 60 });
  });

  it('reads the edited text back, keeping the hidden keys', () => {
    const { metadata, errors } = readEditedMetadata('{"color_scheme": "d3Category10", "refresh_frequency": 300}', stored);
    expect(errors).toEqual([]);
    expect(metadata).toMatchObject({
      color_scheme: 'd3Category10',
      refresh_frequency: 300,
      positions: { ROOT_ID: {} },
      shared_label_colors: ['SEA'],
    });
    expect('label_colors' in metadata).toBe(false);
  });

  it('spec section 5: reports invalid JSON and invalid colours', () => {
    expect(readEditedMetadata('{"color_scheme": ', stored).errors.length).toBeGreaterThan(0);
    expect(readEditedMetadata('{"label_colors": {"SEA": "reddish"}}', stored).errors.join(' ')).toContain('reddish');
    expect(readEditedMetadata('{"label_colors": {"SEA": "rgba(1, 2, 3, 0.5)"}}', stored).errors).toEqual([]);
  });

  it('spec section 5: cross_filters_enabled is normalised to a boolean', () => {
    expect(readEditedMetadata('{"cross_filters_enabled": "false"}', {}).metadata.cross_filters_enabled).toBe(false);
  });

  it('keeps the scheme select and the JSON in step', () => {
    const text = metadataForEditor(stored);
    const next = withColorScheme(text, 'googleCategory10c');
    expect(next && colorSchemeIn(next)).toBe('googleCategory10c');
    const cleared = withColorScheme(text, null);
    expect(cleared && colorSchemeIn(cleared)).toBeUndefined();
    expect(withColorScheme('not json', 'x')).toBeNull();
    expect(colorSchemeIn('{"color_scheme": null}')).toBeNull();
  });
});

describe('saves made by the dialogs (spec section 7)', () => {
  it('outside edit mode: the properties body, with roles only when DASHBOARD_RBAC is on', () => {
    const values = {
      dashboard_title: ' Flights ',
      slug: ' ',
      owners: [1],
      roles: [2],
      certified_by: 'Data team',
      certification_details: '',
    };
    const body = propertiesPutBody(values, { color_scheme: 'bnbColors', positions: { x: 1 } }, false);
    expect(body).toEqual({
      dashboard_title: 'Flights',
      slug: null,
      certified_by: 'Data team',
      certification_details: null,
      owners: [1],
      json_metadata: JSON.stringify({ color_scheme: 'bnbColors' }),
    });
    expect(propertiesPutBody(values, {}, true).roles).toEqual([2]);
  });

  it('never sends a stale layout copy in a save that does not write the layout', () => {
    expect(JSON.parse(metadataWithoutLayout({ positions: {}, stagger_time: 10 }))).toEqual({ stagger_time: 10 });
  });

  it("save as: '<title> [copy]', the CSS, duplicate_slices and the layout as positions", () => {
    const layout: DashboardLayout = {
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', id: 'GRID_ID', children: [], parents: ['ROOT_ID'] },
    };
    expect(copyTitle('Flights')).toBe('Flights [copy]');
    const body = copyBody({
      title: 'Flights [copy]',
      css: '.a{}',
      duplicateSlices: true,
      metadata: { positions: { old: true }, native_filter_configuration: [] },
      colorScheme: 'bnbColors',
      labelColors: {},
      refreshFrequency: 0,
      layout,
    });
    expect(body).toMatchObject({ dashboard_title: 'Flights [copy]', css: '.a{}', duplicate_slices: true });
    const meta = JSON.parse(body.json_metadata) as Record<string, unknown>;
    expect(meta.positions).toEqual({ ...layout, [DASHBOARD_VERSION_KEY]: 'v2' });
    expect(meta.color_scheme).toBe('bnbColors');
    expect(meta.native_filter_configuration).toEqual([]);
  });
});
