import { describe, expect, it } from 'vitest';
import type { EChartsCoreOption } from 'echarts/core';
import { interactiveRegionOption, regionClickValues, regionKeyOf, type RegionFilters } from './regionInteraction';

const filters: RegionFilters = {
  FRA: { label: 'France', values: [{ col: 'country', val: 'France', formattedVal: 'France' }] },
  DEU: { label: 'Germany', values: [{ col: 'country', val: 'Germany', formattedVal: 'Germany' }] },
  // an adhoc code column: nothing to filter on
  ITA: { label: 'Italy', values: [] },
};

type Obj = Record<string, unknown>;
const option: EChartsCoreOption = {
  geo: {
    regions: [
      { name: 'FRA', itemStyle: { areaColor: '#111' } },
      { name: 'DEU', itemStyle: { areaColor: '#222' } },
    ],
    itemStyle: {},
  },
  series: [{ id: 'bubbles', data: [{ name: 'FRA' }, { name: 'DEU' }] }],
};

describe('region maps: clicks and selection', () => {
  it('a geo region and a marker are known by their region name', () => {
    expect(regionKeyOf({ componentType: 'geo', name: 'FRA' })).toBe('FRA');
    expect(regionKeyOf({ componentType: 'series', name: 'DEU' })).toBe('DEU');
    expect(regionKeyOf({ componentType: 'graphic', name: 'x' })).toBeNull();
  });

  it('a click filters on the code column with the row value; regions without data or dataset column filter nothing', () => {
    expect(regionClickValues(filters, 'FRA')?.values).toEqual([{ col: 'country', val: 'France', formattedVal: 'France' }]);
    expect(regionClickValues(filters, 'ITA')).toBeNull();
    expect(regionClickValues(filters, 'ESP')).toBeNull();
    expect(regionClickValues(filters, null)).toBeNull();
  });

  it('regions and markers outside the selection fade; the selected ones keep their colour', () => {
    const out = interactiveRegionOption(option, filters, { country: ['France'] }, false) as { geo: Obj; series: Obj[]; animation: boolean };
    const regions = out.geo.regions as Obj[];
    expect(regions[0]).toEqual({ name: 'FRA', itemStyle: { areaColor: '#111', opacity: 1 } });
    expect((regions[1].itemStyle as Obj).opacity).toBe(0.3);
    expect(((out.series[0].data as Obj[])[1].itemStyle as Obj).opacity).toBe(0.3);
    expect((out.series[0].data as Obj[])[0].itemStyle).toBeUndefined();
    expect(out.animation).toBe(false);
  });

  it('a selection on another column leaves the map as it is', () => {
    const out = interactiveRegionOption(option, filters, { year: [2005] }, true) as Obj;
    expect(out.geo).toBe((option as Obj).geo);
  });
});
