import { describe, expect, it } from 'vitest';
import { browserTabId, exploreParamsFromUrl, exploreUrl, forceFromUrl } from './exploreUrl';

describe('which state Explore opens (spec section 2 "URL parameters read")', () => {
  it('opens a permalink from /explore/p/<key>/ before anything in the query string', () => {
    expect(exploreParamsFromUrl('?slice_id=3', 'abc')).toEqual({ permalink_key: 'abc' });
  });
  it('opens unsaved form data with the chart it edits', () => {
    expect(exploreParamsFromUrl('?form_data_key=k1&slice_id=12')).toEqual({ form_data_key: 'k1', slice_id: 12 });
    expect(exploreParamsFromUrl('?form_data_key=k1')).toEqual({ form_data_key: 'k1' });
  });
  it('opens a saved chart by slice id', () => {
    expect(exploreParamsFromUrl('?slice_id=12')).toEqual({ slice_id: 12 });
  });
  it('opens a dataset with an optional viz type, also from the legacy datasource key', () => {
    expect(exploreParamsFromUrl('?datasource_type=table&datasource_id=3&viz_type=pie')).toEqual({
      datasource_id: 3,
      datasource_type: 'table',
      viz_type: 'pie',
    });
    expect(exploreParamsFromUrl('?datasource=7__table')).toEqual({ datasource_id: 7, datasource_type: 'table' });
  });
  it('ignores ids that are not positive integers', () => {
    expect(exploreParamsFromUrl('?slice_id=abc')).toBeNull();
    expect(exploreParamsFromUrl('?datasource_id=0')).toBeNull();
    expect(exploreParamsFromUrl('')).toBeNull();
  });
  it('reads force', () => {
    expect(forceFromUrl('?slice_id=1&force=true')).toBe(true);
    expect(forceFromUrl('?slice_id=1')).toBe(false);
  });
});

describe('the address that survives a reload', () => {
  it('names the unsaved state and the chart', () => {
    expect(exploreUrl({ formDataKey: 'k9', sliceId: 4 })).toBe('/explore/?form_data_key=k9&slice_id=4');
    expect(exploreUrl({ sliceId: 4 })).toBe('/explore/?slice_id=4');
    expect(exploreUrl({})).toBe('/explore/');
  });
  it('keeps one tab id per browser tab', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const first = browserTabId(storage);
    expect(first).toBeGreaterThan(0);
    expect(browserTabId(storage)).toBe(first);
  });
});
