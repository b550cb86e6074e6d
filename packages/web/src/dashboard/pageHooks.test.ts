import { describe, expect, it } from 'vitest';
import { autoRefreshChartIds } from './pageHooks';
import { gridLayout } from './state/testLayouts';

describe('auto-refresh (spec section 9 "Dashboard refresh")', () => {
  it('refreshes the charts on the dashboard except json_metadata.timed_refresh_immune_slices', () => {
    expect(autoRefreshChartIds(gridLayout(), [], () => true)).toEqual([1, 2]);
    expect(autoRefreshChartIds(gridLayout(), [2], () => true)).toEqual([1]);
    expect(autoRefreshChartIds(gridLayout(), undefined, (id) => id !== 1)).toEqual([2]);
  });
});
