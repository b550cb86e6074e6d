import { describe, expect, it } from 'vitest';
import { isValidColor, METADATA_MESSAGES, normaliseCrossFiltersEnabled, validateDashboardMetadata } from './metadata.js';

describe('spec 5 dashboard save: colours', () => {
  it.each(['#abc', '#ABCDEF', ' #a1b2c3 ', 'rgb(0, 122, 135)', 'rgba(0,122,135,1)', 'rgba(255, 255, 255, 0)', 'rgba(1,2,3,.5)'])(
    '%s is a colour',
    (color) => {
      expect(isValidColor(color)).toBe(true);
    },
  );

  it.each(['#abcd', '#ggg', 'red', 'rgb(256, 0, 0)', 'rgba(0,0,0,1.5)', 'rgba(0,0,0,-1)', 'url(x)', '', 12, null])('%j is not', (color) => {
    expect(isValidColor(color)).toBe(false);
  });
});

describe('spec 5 dashboard save: json_metadata', () => {
  it('cross-filter enablement is normalised to a boolean (unset means on, as the BI server reads it)', () => {
    expect(validateDashboardMetadata({}).metadata.cross_filters_enabled).toBe(true);
    expect(validateDashboardMetadata({ cross_filters_enabled: 'false' }).metadata.cross_filters_enabled).toBe(false);
    expect(validateDashboardMetadata('{"cross_filters_enabled": 0}').metadata.cross_filters_enabled).toBe(false);
    expect(normaliseCrossFiltersEnabled('true')).toBe(true);
    expect(normaliseCrossFiltersEnabled(1)).toBe(true);
  });

  it('label colours must be valid colours: invalid ones are reported and dropped', () => {
    const { metadata, errors } = validateDashboardMetadata({ label_colors: { Boys: '#ADD8E6', Girls: 'pink', Other: 'rgba(0,0,0,2)' } });
    expect(metadata.label_colors).toEqual({ Boys: '#ADD8E6' });
    expect(errors).toEqual([METADATA_MESSAGES.invalidColor('Girls', 'pink'), METADATA_MESSAGES.invalidColor('Other', 'rgba(0,0,0,2)')]);
  });

  it('keeps unknown keys and the BI server metadata as it is', () => {
    const stored = {
      color_scheme: 'supersetColors',
      refresh_frequency: 300,
      timed_refresh_immune_slices: [3],
      expanded_slices: {},
      native_filter_configuration: [],
      filter_bar_orientation: 'HORIZONTAL',
      shared_label_colors: ['Boys'],
      positions: { ROOT_ID: {} },
      custom_key: { a: 1 },
      stagger_refresh: 'false',
    };
    const { metadata, errors } = validateDashboardMetadata(JSON.stringify(stored));
    expect(errors).toEqual([]);
    expect(metadata).toEqual({ ...stored, stagger_refresh: false, cross_filters_enabled: true });
  });

  it('types are checked: numbers of 0 or more, lists, objects, orientation', () => {
    const { errors } = validateDashboardMetadata({
      refresh_frequency: -5,
      stagger_time: 'soon',
      timed_refresh_immune_slices: ['a'],
      expanded_slices: [],
      color_scheme: 4,
      filter_bar_orientation: 'DIAGONAL',
      native_filter_configuration: {},
    });
    expect(errors).toEqual([
      METADATA_MESSAGES.notANumber('refresh_frequency'),
      METADATA_MESSAGES.notANumber('stagger_time'),
      METADATA_MESSAGES.notAList('native_filter_configuration'),
      METADATA_MESSAGES.notAList('timed_refresh_immune_slices'),
      METADATA_MESSAGES.notAnObject('expanded_slices'),
      METADATA_MESSAGES.notAString('color_scheme'),
      METADATA_MESSAGES.invalidOrientation,
    ]);
  });

  it('native filters (spec 3 "Native filter"): a valid list is stored with its defaults, an invalid one answers its errors', () => {
    const filter = { id: 'NATIVE_FILTER-1', type: 'NATIVE_FILTER', name: 'Origin', filterType: 'filter_select', targets: [] };
    const ok = validateDashboardMetadata({ native_filter_configuration: [filter] });
    expect(ok.errors).toEqual([]);
    expect(ok.metadata.native_filter_configuration).toEqual([
      {
        ...filter,
        controlValues: {},
        defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
        cascadeParentIds: [],
        scope: { rootPath: ['ROOT_ID'], excluded: [] },
        description: '',
      },
    ]);
    const bad = validateDashboardMetadata({ native_filter_configuration: [{ ...filter, id: 'FILTER-1' }] });
    expect(bad.errors).toEqual(['Filter "FILTER-1": the id must start with NATIVE_FILTER-.']);
  });

  it("text that is not a JSON object answers 'JSON metadata is invalid!'; empty is an empty object", () => {
    expect(validateDashboardMetadata('{oops').errors).toEqual([METADATA_MESSAGES.invalidJson]);
    expect(validateDashboardMetadata('[1]').errors).toEqual([METADATA_MESSAGES.invalidJson]);
    expect(validateDashboardMetadata('')).toEqual({ metadata: { cross_filters_enabled: true }, errors: [] });
    expect(validateDashboardMetadata(null).errors).toEqual([]);
  });
});
