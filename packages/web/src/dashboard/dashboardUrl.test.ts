import { describe, expect, it } from 'vitest';
import { anchorFromHash, permalinkTarget, permalinkUrlParams, withSearchParam } from './dashboardUrl';

describe('dashboard addresses (spec section 7 "Permalinks")', () => {
  it("a permalink keeps the address's parameters except the page's own state", () => {
    expect(permalinkUrlParams('?standalone=1&activeTabs=TAB-2&edit=true&focused_chart=3&uiConfig=8')).toEqual([
      ['standalone', '1'],
      ['uiConfig', '8'],
    ]);
  });

  it('a permalink opens its dashboard with the kept parameters, the active tabs and the anchor', () => {
    const target = permalinkTarget({
      dashboardId: 7,
      state: { urlParams: [['standalone', '1']], dataMask: {}, activeTabs: ['TAB-2', 'TAB-2b'], anchor: 'CHART-d' },
    });
    expect(target).toBe('/rama/dashboard/7/?standalone=1&activeTabs=TAB-2%2CTAB-2b#CHART-d');
    expect(permalinkTarget({ dashboardId: 7, state: { urlParams: [], dataMask: {}, activeTabs: [], anchor: null } })).toBe(
      '/rama/dashboard/7/',
    );
  });

  it('sets and removes one parameter', () => {
    expect(withSearchParam('?a=1', 'standalone', '1')).toBe('?a=1&standalone=1');
    expect(withSearchParam('?standalone=1', 'standalone', null)).toBe('');
  });

  it('the anchor is a component id from the hash', () => {
    expect(anchorFromHash('#CHART-abc')).toBe('CHART-abc');
    expect(anchorFromHash('')).toBeNull();
    expect(anchorFromHash('#a"]<img')).toBeNull();
  });
});
