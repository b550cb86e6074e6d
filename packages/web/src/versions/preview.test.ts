import { describe, expect, it } from 'vitest';
import type { DashboardDetail, DashboardVersionState } from '@rama/shared';
import { previewVersionOf, withVersionState } from './preview';

describe('a dashboard version previewed', () => {
  it('is named by ?version=N (a positive whole number; anything else is today’s dashboard)', () => {
    expect(previewVersionOf('?version=3&standalone=1')).toBe(3);
    expect(previewVersionOf('?version=0')).toBeNull();
    expect(previewVersionOf('?version=abc')).toBeNull();
    expect(previewVersionOf('')).toBeNull();
  });

  it('draws today’s dashboard with that version’s title, layout, metadata and CSS', () => {
    const today = {
      id: 4,
      dashboard_title: 'Now',
      position_json: '{}',
      json_metadata: '{}',
      css: '',
      owners: [],
    } as unknown as DashboardDetail;
    const state: DashboardVersionState = {
      dashboard_title: 'Then',
      slug: null,
      css: '.x{}',
      json_metadata: '{"color_scheme":"bnbColors"}',
      position_json: '{"ROOT_ID":{}}',
      published: true,
      certified_by: null,
      certification_details: null,
    };
    expect(withVersionState(today, state)).toMatchObject({ id: 4, dashboard_title: 'Then', position_json: '{"ROOT_ID":{}}', css: '.x{}' });
  });
});
