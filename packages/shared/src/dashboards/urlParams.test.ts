import { describe, expect, it } from 'vitest';
import { chartUrlParams, parseDashboardUrlParams, withoutParam } from './urlParams.js';

describe('spec 2: URL parameters of the dashboard page', () => {
  it('defaults', () => {
    expect(parseDashboardUrlParams('')).toEqual({
      standalone: 0,
      uiConfig: { hideTitle: false, hideTabs: false, hideNav: false, hideChartControls: false },
      edit: false,
      focusedChartId: null,
      force: false,
      nativeFiltersKey: null,
      permalinkKey: null,
    });
  });

  it('standalone modes None 0, HideNav 1, HideNavAndTitle 2, Report 3 (true reads as 1, anything else as 0)', () => {
    expect(parseDashboardUrlParams('?standalone=1').standalone).toBe(1);
    expect(parseDashboardUrlParams('?standalone=true').standalone).toBe(1);
    expect(parseDashboardUrlParams('?standalone=2').uiConfig).toMatchObject({ hideNav: true, hideTitle: true });
    expect(parseDashboardUrlParams('?standalone=3').standalone).toBe(3);
    expect(parseDashboardUrlParams('?standalone=7').standalone).toBe(0);
    expect(parseDashboardUrlParams('?standalone=').standalone).toBe(0);
    expect(parseDashboardUrlParams('?standalone=1').uiConfig).toMatchObject({ hideNav: true, hideTitle: false });
  });

  it('the UI-config bitmask: title 1, tabs 2, nav 4, chart controls 8', () => {
    expect(parseDashboardUrlParams('?uiConfig=10').uiConfig).toEqual({
      hideTitle: false,
      hideTabs: true,
      hideNav: false,
      hideChartControls: true,
    });
    expect(parseDashboardUrlParams('uiConfig=5').uiConfig).toEqual({
      hideTitle: true,
      hideTabs: false,
      hideNav: true,
      hideChartControls: false,
    });
    expect(parseDashboardUrlParams('?uiConfig=abc').uiConfig.hideTitle).toBe(false);
  });

  it('edit, force, focused chart, native filters key and permalink key', () => {
    const params = parseDashboardUrlParams('?edit=true&force=1&focused_chart=12&native_filters_key=abc&permalink_key=xyz');
    expect(params).toMatchObject({ edit: true, force: true, focusedChartId: 12, nativeFiltersKey: 'abc', permalinkKey: 'xyz' });
    expect(parseDashboardUrlParams('?edit=false&focused_chart=-2').edit).toBe(false);
    expect(parseDashboardUrlParams('?focused_chart=x').focusedChartId).toBeNull();
  });
});

describe('withoutParam', () => {
  it('drops every occurrence of one parameter and leaves the others exactly as written', () => {
    expect(withoutParam('?edit=true&native_filters=(a:!(1))&edit=1', 'edit')).toBe('?native_filters=(a:!(1))');
    expect(withoutParam('focused_chart=3', 'focused_chart')).toBe('');
    expect(withoutParam('?a=1&b%20c=2', 'b c')).toBe('?a=1');
    expect(withoutParam('', 'a')).toBe('');
  });
});

describe('chartUrlParams (the BI server passes a dashboard address’s other parameters to its charts as url_params)', () => {
  it('keeps what is not the page’s own, as the embedding SDK’s urlParams arrive', () => {
    expect(
      chartUrlParams('?uiConfig=3&show_filters=false&expand_filters=1&standalone=1&region=West&native_filters_key=abc&year=2001'),
    ).toEqual({
      region: 'West',
      year: '2001',
    });
  });

  it('bounds what a link can pass', () => {
    const many = Array.from({ length: 80 }, (_, i) => `p${i}=${i}`).join('&');
    expect(Object.keys(chartUrlParams(`?${many}`))).toHaveLength(50);
    expect(chartUrlParams(`?long=${'x'.repeat(1001)}&ok=1`)).toEqual({ ok: '1' });
  });
});
