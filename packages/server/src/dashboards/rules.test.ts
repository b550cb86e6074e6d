import { describe, expect, it } from 'vitest';
import { UNTITLED_DASHBOARD_TITLE } from '@rama/shared';
import { dashboardTitle, dashboardUrl, isJsonText, normalizeSlug } from './rules.js';

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

describe('JSON fields', () => {
  it('accepts JSON or nothing, refuses anything else', () => {
    expect(isJsonText('{"color_scheme":"supersetColors"}')).toBe(true);
    expect(isJsonText('')).toBe(true);
    expect(isJsonText(null)).toBe(true);
    expect(isJsonText('{oops')).toBe(false);
  });
});
