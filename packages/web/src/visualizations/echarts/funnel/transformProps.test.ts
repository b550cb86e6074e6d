import { describe, expect, it } from 'vitest';
import { getNumberFormatter, type QueryFormData } from '@rama/shared';
import { datasourceWith, reply } from '../../testReplies';
import { funnelLabel, funnelStages, transformProps } from './transformProps';

type AnyRecord = Record<string, unknown>;

/** A sales pipeline by stage. */
const pipeline = reply(
  [
    { stage: 'Won', count: 50 },
    { stage: 'Leads', count: 1000 },
    { stage: 'Qualified', count: 400 },
    { stage: '<b>Proposal</b>', count: 200 },
  ],
  ['stage', 'count'],
  [1, 0],
);
const fd = (extra: AnyRecord = {}): QueryFormData => ({
  viz_type: 'funnel',
  datasource: '1__table',
  groupby: ['stage'],
  metric: 'count',
  ...extra,
});
const input = (formData: QueryFormData) => ({ formData, queriesData: [pipeline], datasource: null, width: 600, height: 400 });

describe('funnel transformProps', () => {
  it('stages largest first, each a percentage of the first step by default', () => {
    const stages = funnelStages(input(fd()));
    expect(stages.map((s) => s.name)).toEqual(['Leads', 'Qualified', '<b>Proposal</b>', 'Won']);
    expect(stages.map((s) => s.percent)).toEqual([1, 0.4, 0.2, 0.05]);
  });

  it('percentages of the previous step or of the total', () => {
    expect(funnelStages(input(fd({ percent_calculation_type: 'previous_step' }))).map((s) => s.percent)).toEqual([1, 0.4, 0.5, 0.25]);
    const total = funnelStages(input(fd({ percent_calculation_type: 'total' })));
    expect(total[0].percent).toBeCloseTo(1000 / 1650);
  });

  it('keeps the query order when not sorting by the metric', () => {
    const { echartOptions } = transformProps(input(fd({ sort_by_metric: false })));
    const series = (echartOptions.series as AnyRecord[])[0];
    expect(series.sort).toBe('none');
    expect((series.data as AnyRecord[]).map((d) => d.name)).toEqual(['Won', 'Leads', 'Qualified', '<b>Proposal</b>']);
  });

  it('labels by label type, with the number format', () => {
    const f = getNumberFormatter(',d');
    const stage = { name: 'Leads', value: 1000, percent: 0.5 };
    expect(funnelLabel('key', stage, f)).toBe('Leads');
    expect(funnelLabel('value', stage, f)).toBe('1,000');
    expect(funnelLabel('key_percent', stage, f)).toBe('Leads: 50.00%');
    expect(funnelLabel('key_value_percent', stage, f)).toBe('Leads: 1,000 (50.00%)');
    expect(funnelLabel('value_percent', stage, f)).toBe('1,000 (50.00%)');
  });

  it('uses the dataset format of the metric when the chart keeps the adaptive one', () => {
    const { echartOptions } = transformProps({ ...input(fd()), datasource: datasourceWith({}, { count: ',d' }) });
    const label = ((echartOptions.series as AnyRecord[])[0].label as { formatter: (p: AnyRecord) => string }).formatter;
    expect(label({ name: 'Leads' })).toBe('Leads');
    const tooltip = (echartOptions.tooltip as { formatter: (p: AnyRecord) => string }).formatter;
    expect(tooltip({ name: 'Leads', dataIndex: 0 })).toContain('Leads: 1,000 (100.00%)');
  });

  it('escapes stage names in the tooltip and filters on the stage clicked', () => {
    const { echartOptions, elements } = transformProps(input(fd()));
    const tooltip = (echartOptions.tooltip as { formatter: (p: AnyRecord) => string }).formatter;
    const html = tooltip({ name: '<b>Proposal</b>', dataIndex: 2 });
    expect(html).toContain('&lt;b&gt;Proposal&lt;/b&gt;');
    expect(html).not.toContain('<b>');
    expect(elements[0][1]).toEqual([{ col: 'stage', val: 'Qualified', formattedVal: 'Qualified' }]);
  });
});
