import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, ExploreDatasource, QueryFormData } from '@rama/shared';
import { bubbleRadius, transformProps, worldMapRows } from './transformProps';

type Obj = Record<string, unknown>;

const reply = (rows: Obj[]) =>
  ({
    colnames: ['country', 'avg_life_expect', 'sum_population'],
    coltypes: [1, 0, 0],
    data: rows,
    rowcount: rows.length,
  }) as unknown as ChartDataQueryResult;

/** Gapminder 2005: life expectancy and population by country name. */
const gapminder = reply([
  { country: 'United States', avg_life_expect: 78.2, sum_population: 295734134 },
  { country: 'Japan', avg_life_expect: 82.6, sum_population: 127417244 },
  { country: 'Nigeria', avg_life_expect: 46.9, sum_population: 128771988 },
  { country: 'Hong Kong, China', avg_life_expect: 81.5, sum_population: 6898686 },
  { country: 'Atlantis', avg_life_expect: 99, sum_population: 1 },
]);

const fd = (extra: Obj = {}): QueryFormData => ({
  viz_type: 'world_map',
  datasource: '7__table',
  entity: 'country',
  country_fieldtype: 'name',
  metric: 'avg_life_expect',
  secondary_metric: 'sum_population',
  linear_color_scheme: 'superset_seq_1',
  max_bubble_size: '25',
  color_by: 'metric',
  ...extra,
});

const datasource = {
  verbose_map: { avg_life_expect: 'Average life expectancy (years)', sum_population: 'Population' },
  metrics: [
    { metric_name: 'avg_life_expect', d3format: ',.1f' },
    { metric_name: 'sum_population', d3format: ',d' },
  ],
  columns: [],
} as unknown as ExploreDatasource;

const run = (formData: QueryFormData, r = gapminder) => transformProps({ formData, queriesData: [r], datasource, width: 800, height: 450 });
const optionOf = (formData: QueryFormData, r = gapminder) => run(formData, r).echartOptions as { geo: Obj; series: Obj[]; graphic: Obj[] };

describe('world map transformProps', () => {
  it('codes become countries; a name no country has is left out, as the peer leaves "XXX"', () => {
    const rows = worldMapRows({ formData: fd(), queriesData: [gapminder], datasource: null, width: 1, height: 1 });
    expect(rows.map((r) => r.country.cca3)).toEqual(['USA', 'JPN', 'NGA', 'HKG']);
    const byCode = worldMapRows({
      formData: fd({ country_fieldtype: 'cca2' }),
      queriesData: [reply([{ country: 'fr', avg_life_expect: 80 }])],
      datasource: null,
      width: 1,
      height: 1,
    });
    expect(byCode[0].country.name).toBe('France');
  });

  it('countries are filled along the sequential scheme: the lowest value lightest, the highest darkest', () => {
    const regions = optionOf(fd()).geo.regions as { name: string; itemStyle: { areaColor: string } }[];
    const fill = (k: string) => regions.find((r) => r.name === k)?.itemStyle.areaColor;
    expect(fill('NGA')).toBe('#e6f6fa');
    expect(fill('JPN')).toBe('#0f596b');
    expect(regions.map((r) => r.name)).not.toContain('HKG');
  });

  it('a country too small for the atlas is a dot in its fill colour', () => {
    const dots = optionOf(fd()).series.find((s) => s.id === 'dots')?.data as { name: string; value: number[] }[];
    expect(dots.map((d) => d.name)).toEqual(['HKG']);
    expect(dots[0].value[0]).toBeCloseTo(114.1, 0);
  });

  it('colour by country: each country its categorical colour', () => {
    const regions = optionOf(fd({ color_by: 'country', color_scheme: 'supersetColors' })).geo.regions as Obj[];
    const colors = regions.map((r) => (r.itemStyle as Obj).areaColor);
    expect(new Set(colors).size).toBe(3);
    expect(optionOf(fd({ color_by: 'country' })).graphic).toEqual([]);
  });

  it('bubbles only with Show Bubbles; their radius grows with the square root of the second metric up to the max size', () => {
    expect(optionOf(fd()).series.find((s) => s.id === 'bubbles')?.data).toEqual([]);
    const bubbles = optionOf(fd({ show_bubbles: true })).series.find((s) => s.id === 'bubbles')?.data as {
      name: string;
      symbolSize: number;
    }[];
    expect(bubbles[0]).toMatchObject({ name: 'USA', symbolSize: 50 });
    expect(bubbles[bubbles.length - 1]).toMatchObject({ name: 'HKG', symbolSize: 2 });
    expect(bubbleRadius(4, [1, 3], 25)).toBe(13);
    expect(bubbleRadius(null, [1, 3], 25)).toBe(0);
    expect(bubbleRadius(9, [3, 3], 10)).toBe(10);
  });

  it('the bubble colour is the picker colour, half see-through', () => {
    const series = optionOf(fd({ show_bubbles: true, color_picker: { r: 255, g: 0, b: 0, a: 1 } })).series.find((s) => s.id === 'bubbles');
    expect(series?.itemStyle).toMatchObject({ color: 'rgba(255,0,0,0.5)', borderColor: 'rgba(255,0,0,1)' });
  });

  it('the legend shows the range in the metric format', () => {
    const [legend] = optionOf(fd()).graphic as { children: { style: { text?: string } }[] }[];
    expect(legend.children.map((c) => c.style.text).filter(Boolean)).toEqual(['46.9', '82.6']);
  });

  it('the tooltip shows the country and the verbose metric, escaped', () => {
    const formatter = (run(fd()).echartOptions as { tooltip: { formatter: (p: unknown) => string } }).tooltip.formatter;
    expect(formatter({ name: 'JPN' })).toContain('Japan');
    expect(formatter({ name: 'JPN' })).toContain('Average life expectancy (years): 82.6');
    expect(formatter({ name: 'USA', seriesId: 'bubbles' })).toContain('Population: 295,734,134');
    expect(formatter({ name: 'FRA' })).toBe('<div style="font-weight:600">France</div>');
    const evil = reply([{ country: 'JP', avg_life_expect: 1 }]);
    const label = { ...datasource, verbose_map: { avg_life_expect: '<img src=x>' } } as unknown as ExploreDatasource;
    const html = (
      transformProps({ formData: fd({ country_fieldtype: 'cca2' }), queriesData: [evil], datasource: label, width: 400, height: 300 })
        .echartOptions as { tooltip: { formatter: (p: unknown) => string } }
    ).tooltip.formatter({ name: 'JPN' });
    expect(html).not.toContain('<img');
  });

  it('a click filters on the country column with the value as the data holds it', () => {
    const { regionFilters } = run(fd());
    expect(regionFilters.HKG).toEqual({
      label: 'Hong Kong',
      values: [{ col: 'country', val: 'Hong Kong, China', formattedVal: 'Hong Kong, China' }],
    });
    const adhoc = run(fd({ entity: { expressionType: 'SQL', sqlExpression: 'upper(country)', label: 'country' } }));
    expect(adhoc.regionFilters.JPN.values).toEqual([]);
  });

  it('the map fits the box above the legend', () => {
    const geo = optionOf(fd()).geo;
    expect(geo.map).toBe('rama-world');
    expect(geo.layoutCenter).toEqual([400, 210]);
    expect(geo.layoutSize).toBeLessThanOrEqual(784);
  });
});
