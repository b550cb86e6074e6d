import { describe, expect, it } from 'vitest';
import { UNTITLED_DASHBOARD_TITLE } from '@rama/shared';
import { dashboardTitle, dashboardUrl, lastModifiedTime, normalizeSlug } from './rules.js';
import { isPublishOnly } from './update.js';
import { withSliceId } from './copy.js';

describe('dashboard slug', () => {
  it('turns spaces into dashes and drops characters a path should not carry', () => {
    expect(normalizeSlug('a b')).toBe('a-b');
    expect(normalizeSlug('  World Bank/Health  ')).toBe('World-BankHealth');
    expect(normalizeSlug('sales_2024-q1')).toBe('sales_2024-q1');
    expect(normalizeSlug('café ünits')).toBe('café-ünits');
    expect(normalizeSlug('../etc?x=1#y')).toBe('etcx1y');
  });

  it('is absent when nothing usable is left', () => {
    expect(normalizeSlug('')).toBeNull();
    expect(normalizeSlug('   ')).toBeNull();
    expect(normalizeSlug('/?#')).toBeNull();
    expect(normalizeSlug(null)).toBeNull();
    expect(normalizeSlug(undefined)).toBeNull();
  });
});

describe('dashboard title (spec section 5, "Dashboard save")', () => {
  it('an empty or missing title is the untitled dashboard title', () => {
    expect(dashboardTitle('')).toBe(UNTITLED_DASHBOARD_TITLE);
    expect(dashboardTitle('  ')).toBe(UNTITLED_DASHBOARD_TITLE);
    expect(dashboardTitle(null)).toBe('[ untitled dashboard ]');
    expect(dashboardTitle(' Flights ')).toBe('Flights');
  });
});

describe('dashboard url (spec section 2, routes)', () => {
  it('uses the slug when there is one, else the id', () => {
    expect(dashboardUrl({ id: 7, slug: 'flights' })).toBe('/rama/dashboard/flights/');
    expect(dashboardUrl({ id: 7, slug: null })).toBe('/rama/dashboard/7/');
  });
});

describe('last_modified_time (spec section 4, overwrite check)', () => {
  it('is changed_on as epoch seconds, milliseconds kept', () => {
    expect(lastModifiedTime('2024-05-01T10:00:00.250Z')).toBe(1714557600.25);
  });
});

describe('publishing (spec section 6)', () => {
  it('a body of published alone is a publish or hide, which has its own refusal message', () => {
    expect(isPublishOnly({ published: true })).toBe(true);
    expect(isPublishOnly({ published: false, dashboard_title: 'x' })).toBe(false);
    expect(isPublishOnly({})).toBe(false);
  });
});

describe('duplicated charts', () => {
  it('name their own id in the form data and query context they carry', () => {
    expect(JSON.parse(withSliceId('{"slice_id":3,"viz_type":"pie"}', 9) as string)).toEqual({ slice_id: 9, viz_type: 'pie' });
    expect(JSON.parse(withSliceId('{"form_data":{"slice_id":3},"queries":[]}', 9) as string)).toEqual({
      form_data: { slice_id: 9 },
      queries: [],
    });
    expect(withSliceId(null, 9)).toBeNull();
    expect(withSliceId('not json', 9)).toBe('not json');
  });
});
