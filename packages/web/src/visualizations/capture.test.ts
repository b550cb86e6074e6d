import { describe, expect, it } from 'vitest';
import { captureFormData, isCaptureAddress } from './capture';

describe('isCaptureAddress', () => {
  it('is a capture for a saved chart alone and a dashboard in report mode', () => {
    expect(isCaptureAddress('/explore/', '?slice_id=4&standalone=true')).toBe(true);
    expect(isCaptureAddress('/rama/explore/', '?slice_id=4&standalone=1')).toBe(true);
    expect(isCaptureAddress('/dashboard/12/', '?standalone=3')).toBe(true);
    expect(isCaptureAddress('/rama/dashboard/p/Ab12/', '?standalone=3')).toBe(true);
    expect(isCaptureAddress('/rama/dashboard/all_chart_types/', '?standalone=3&native_filters_key=x')).toBe(true);
  });

  it('is not a capture for pages people scroll: Explore, a dashboard, a dashboard without navigation', () => {
    expect(isCaptureAddress('/explore/', '?slice_id=4')).toBe(false);
    expect(isCaptureAddress('/dashboard/12/', '')).toBe(false);
    expect(isCaptureAddress('/dashboard/12/', '?standalone=1')).toBe(false);
    expect(isCaptureAddress('/dashboard/12/', '?standalone=2')).toBe(false);
    expect(isCaptureAddress('/chart/list/', '?standalone=true')).toBe(false);
  });
});

describe('captureFormData', () => {
  it('lays a paged legend out in full and leaves everything else as it is', () => {
    expect(captureFormData({ viz_type: 'pie', legendType: 'scroll', legendOrientation: 'right' })).toEqual({
      viz_type: 'pie',
      legendType: 'plain',
      legendOrientation: 'right',
    });
    const plain = { viz_type: 'pie', legendType: 'plain' };
    expect(captureFormData(plain)).toBe(plain);
  });
});
