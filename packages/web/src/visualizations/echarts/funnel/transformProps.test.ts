import { describe, expect, it } from 'vitest';
import { getNumberFormatter, type QueryFormData } from '@rama/shared';
import { datasourceWith, reply } from '../../testReplies';
import { funnelLabel, funnelLabelLayout, funnelStages, transformProps } from './transformProps';

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

  it("writes the chart's currency, else the metric's saved one, with the value", () => {
    const tooltipOf = (o: AnyRecord) => (o.tooltip as { formatter: (p: AnyRecord) => string }).formatter({ name: 'Leads', dataIndex: 0 });
    const chosen = transformProps(input(fd({ number_format: ',d', currency_format: { symbol: 'EUR', symbolPosition: 'suffix' } })));
    expect(tooltipOf(chosen.echartOptions)).toContain('Leads: 1,000 €');
    const saved = transformProps({
      ...input(fd({ number_format: ',d' })),
      datasource: { ...datasourceWith({}, {}), currency_formats: { count: { symbol: 'USD', symbolPosition: 'prefix' } } },
    });
    expect(tooltipOf(saved.echartOptions)).toContain('Leads: $ 1,000');
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

describe('funnel labels', () => {
  it('stay inside their stages when every one fits at mid-height', () => {
    // stages 1000 → 400 → 200 → 50 in a 600 px plot: mid widths 387, 166, 69, 14 of a 552 px box
    expect(funnelLabelLayout([1000, 400, 200, 50], [40, 40, 40, 5], 600)).toEqual({ box: { left: 24, right: 24 }, labels: null });
  });

  it('all go into one column right of the funnel when one does not fit, each line reaching the column', () => {
    const { box, labels } = funnelLabelLayout([1000, 400, 200, 50], [40, 40, 120, 40], 600);
    // the column has the room of the widest label; the funnel narrows to the rest
    expect(box).toEqual({ left: 8, right: 12 + 5 + 120 + 4 });
    const boxWidth = 600 - 8 - 141;
    const mids = [700, 300, 125, 25].map((v) => (boxWidth * v) / 1000);
    // a stage's right edge at mid-height plus its line ends at the funnel's right edge plus 12 px, for every stage
    labels!.lineLengths.forEach((len, i) => expect(boxWidth / 2 + mids[i] / 2 - boxWidth / 2 + len).toBeCloseTo(boxWidth / 2 + 12));
    expect(labels!.textWidth).toBe(124);
  });

  it('never give labels more than 60 % of the plot; longer ones are cut there', () => {
    const { box, labels } = funnelLabelLayout([10, 5], [900, 10], 300);
    expect(box.right).toBe(180);
    expect(labels!.textWidth).toBe(180 - 17);
  });

  it('the chart places them as laid out, and hides a label that would cover another', () => {
    const { echartOptions } = transformProps({ ...input(fd({ label_type: 'key_value_percent' })), width: 300 });
    const series = (echartOptions.series as AnyRecord[])[0];
    expect(series.labelLayout).toEqual({ hideOverlap: true });
    const data = series.data as { label: AnyRecord; labelLine: AnyRecord }[];
    expect(data.map((d) => d.label.position)).toEqual(['right', 'right', 'right', 'right']);
    expect(data.every((d) => d.labelLine.show)).toBe(true);
  });
});
