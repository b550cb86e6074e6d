import { describe, expect, it } from 'vitest';
import { UNTITLED_DASHBOARD_TITLE } from '../api/dashboard.js';
import { dashboardPath, dashboardTitle, normalizeSlug } from './naming.js';

describe('dashboard slug (spec section 5 "Dashboard save": stored as the BI server stores it)', () => {
  it('turns spaces into dashes and drops characters a path should not carry', () => {
    expect(normalizeSlug('a b')).toBe('a-b');
    expect(normalizeSlug(' my flights ')).toBe('my-flights');
    expect(normalizeSlug('  World Bank/Health  ')).toBe('World-BankHealth');
    expect(normalizeSlug('sales_2024-q1')).toBe('sales_2024-q1');
    expect(normalizeSlug('café ünits')).toBe('café-ünits');
    expect(normalizeSlug('vols/été?2024')).toBe('volsété2024');
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
    expect(dashboardTitle(undefined)).toBe(UNTITLED_DASHBOARD_TITLE);
    expect(dashboardTitle(' Flights ')).toBe('Flights');
  });
});

describe('dashboard path (spec section 2, routes: /rama/dashboard/{slug or id}/)', () => {
  it('uses the slug when there is one, else the id', () => {
    expect(dashboardPath({ id: 7, slug: 'flights' })).toBe('/rama/dashboard/flights/');
    expect(dashboardPath({ id: 7, slug: null })).toBe('/rama/dashboard/7/');
    expect(dashboardPath({ id: 7, slug: '' })).toBe('/rama/dashboard/7/');
    expect(dashboardPath({ id: 7 })).toBe('/rama/dashboard/7/');
  });

  it('keeps a stored slug as it is and percent-encodes what a slug cannot hold', () => {
    expect(dashboardPath({ id: 7, slug: 'café-ünits_2' })).toBe('/rama/dashboard/café-ünits_2/');
    expect(dashboardPath({ id: 7, slug: 'a/b?c' })).toBe('/rama/dashboard/a%2Fb%3Fc/');
    expect(dashboardPath({ id: 7, slug: 'a b%#' })).toBe('/rama/dashboard/a%20b%25%23/');
  });
});
