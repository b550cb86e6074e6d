import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { getCategoricalScheme } from '@rama/shared';
import { MIN_OUTSIDE_LABEL, fitLabels, sliceLabel, transformProps } from './transformProps';
import { reply } from '../../testReplies';
import { textWidth } from '../utils';

const byOrigin = (rows: Record<string, unknown>[]) => reply(rows, ['origin', 'count'], [1, 0]);

/** Flights by origin airport. */
const flights = byOrigin([
  { origin: 'SFO', count: 300 },
  { origin: 'SEA', count: 500 },
  { origin: 'LAX', count: 180 },
  { origin: 'PDX', count: 15 },
  { origin: 'OAK', count: 5 },
]);

const fd = (extra: Record<string, unknown> = {}): QueryFormData => ({
  viz_type: 'pie',
  datasource: '3__table',
  groupby: ['origin'],
  metric: 'count',
  ...extra,
});

type AnyRecord = Record<string, unknown>;
const run = (formData: QueryFormData, r = flights) =>
  transformProps({ formData, queriesData: [r], datasource: null, width: 600, height: 400 }).echartOptions as AnyRecord;
const seriesOf = (opt: AnyRecord) => (opt.series as AnyRecord[])[0];
const slicesOf = (opt: AnyRecord) => seriesOf(opt).data as AnyRecord[];

describe('pie transformProps', () => {
  it('one slice per origin, largest first, coloured by name from the scheme', () => {
    const data = slicesOf(run(fd()));
    expect(data.map((d) => d.name)).toEqual(['SEA', 'SFO', 'LAX', 'PDX', 'OAK']);
    const scheme = getCategoricalScheme('supersetColors').colors;
    expect((data[0].itemStyle as AnyRecord).color).toBe(scheme[0]);
    expect((data[1].itemStyle as AnyRecord).color).toBe(scheme[1]);
  });

  it('keeps reply order when sort by metric is off', () => {
    expect(slicesOf(run(fd({ sort_by_metric: false }))).map((d) => d.name)).toEqual(['SFO', 'SEA', 'LAX', 'PDX', 'OAK']);
  });

  it('hides labels of slices under the threshold percent (they keep their slice)', () => {
    // total 1000: PDX is 1.5 %, OAK 0.5 %
    const data = slicesOf(run(fd({ show_labels_threshold: 2 })));
    expect(data.map((d) => (d.label as AnyRecord).show)).toEqual([true, true, true, false, false]);
    const none = slicesOf(run(fd({ show_labels_threshold: 0 })));
    expect(none.every((d) => (d.label as AnyRecord).show)).toBe(true);
  });

  it('label types read name, value and percent', () => {
    const s = { name: 'SEA', value: 500, percent: 0.5 };
    const f = (v: number) => v.toFixed(0);
    expect(sliceLabel('key', s, f)).toBe('SEA');
    expect(sliceLabel('value', s, f)).toBe('500');
    expect(sliceLabel('percent', s, f)).toBe('50.00%');
    expect(sliceLabel('key_value', s, f)).toBe('SEA: 500');
    expect(sliceLabel('key_percent', s, f)).toBe('SEA: 50.00%');
    expect(sliceLabel('key_value_percent', s, f)).toBe('SEA: 500 (50.00%)');
    expect(sliceLabel('value_percent', s, f)).toBe('500 (50.00%)');
    expect(sliceLabel('template', s, f, '{name} has {value}')).toBe('SEA has 500');
  });

  it('the label formatter uses the number format', () => {
    const opt = run(fd({ label_type: 'key_value', number_format: ',.1f' }));
    const formatter = (seriesOf(opt).label as { formatter: (p: unknown) => string }).formatter;
    expect(formatter({ name: 'SEA' })).toBe('SEA: 500.0');
  });

  it('a donut has an inner radius; a pie does not', () => {
    const pie = seriesOf(run(fd())).radius as number[];
    const donut = seriesOf(run(fd({ donut: true, innerRadius: 50 }))).radius as number[];
    expect(pie[0]).toBe(0);
    expect(donut[0]).toBeCloseTo((donut[1] * 50) / 70);
  });

  it('show total writes the formatted total in the middle of a donut', () => {
    const opt = run(fd({ show_total: true, donut: true, number_format: ',d' }));
    const [text] = opt.graphic as { style: { text: string }; x: number; y: number }[];
    expect(text.style.text).toBe('Total: 1,000');
    const [cx, cy] = seriesOf(opt).center as number[];
    expect([text.x, text.y]).toEqual([cx, cy]);
    expect(run(fd()).graphic).toBeUndefined();
  });

  it('labels outside with label lines, or inside', () => {
    const outside = seriesOf(run(fd({ labels_outside: true, label_line: true })));
    expect((outside.label as AnyRecord).position).toBe('outer');
    expect((outside.labelLine as AnyRecord).show).toBe(true);
    const inside = seriesOf(run(fd({ labels_outside: false })));
    expect((inside.label as AnyRecord).position).toBe('inner');
  });

  it('temporal group values use the date format', () => {
    const r = reply(
      [
        { month: Date.UTC(2023, 0, 1), count: 3 },
        { month: Date.UTC(2023, 1, 1), count: 2 },
      ],
      ['month', 'count'],
      [2, 0],
    );
    const data = slicesOf(run(fd({ groupby: ['month'], date_format: '%Y-%m' }), r));
    expect(data.map((d) => d.name)).toEqual(['2023-01', '2023-02']);
  });

  it('tooltip escapes the slice name and shows value and percent', () => {
    const r = byOrigin([
      { origin: '<img src=x>', count: 1 },
      { origin: 'SEA', count: 3 },
    ]);
    const opt = run(fd(), r);
    const html = (opt.tooltip as { formatter: (p: unknown) => string }).formatter({ name: '<img src=x>', dataIndex: 1 });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x&gt;: 1 (25.00%)');
  });

  it('a legend on the left moves the pie right', () => {
    const left = seriesOf(run(fd({ legendOrientation: 'left' }))).center as number[];
    const none = seriesOf(run(fd({ show_legend: false }))).center as number[];
    expect(left[0]).toBeGreaterThan(none[0]);
  });

  it('an empty reply has no slices', () => {
    expect(slicesOf(run(fd(), byOrigin([])))).toEqual([]);
  });
  it('places labels outside while they have readable room, and never cuts them to a letter at tile size', () => {
    const labels = ['Dallas/Fort Worth', 'Chicago O’Hare', 'Atlanta'];
    const roomy = fitLabels({ labels, plotWidth: 900, outerPx: 200, showLabels: true, outside: true, legendShown: true });
    expect(roomy).toMatchObject({ showLabels: true, outside: true, outerPx: 200 });
    expect(roomy.labelWidth).toBeGreaterThanOrEqual(MIN_OUTSIDE_LABEL);
    // a little narrower: the pie shrinks to make room rather than cut the names
    const snug = fitLabels({ labels, plotWidth: 420, outerPx: 150, showLabels: true, outside: true, legendShown: true });
    expect(snug.outside).toBe(true);
    expect(snug.outerPx).toBeLessThan(150);
    expect(snug.labelWidth).toBeGreaterThanOrEqual(MIN_OUTSIDE_LABEL);
    // an edit-mode tile with a legend beside it: the legend names the slices, the pie keeps its size
    expect(fitLabels({ labels, plotWidth: 200, outerPx: 80, showLabels: true, outside: true, legendShown: true })).toMatchObject({
      showLabels: false,
      outerPx: 80,
    });
    // without a legend a pie big enough shows its labels inside the slices
    expect(fitLabels({ labels, plotWidth: 200, outerPx: 80, showLabels: true, outside: true, legendShown: false })).toMatchObject({
      showLabels: true,
      outside: false,
    });
  });

  it('gives outside labels a width with an ellipsis and hides overlapping ones', () => {
    const series = seriesOf(run(fd({ legendOrientation: 'right' })));
    expect(series.labelLayout).toEqual({ hideOverlap: true });
    expect(series.label).toMatchObject({ overflow: 'truncate', ellipsis: '…' });
    // the short airport codes are drawn whole
    expect((series.label as { width: number }).width).toBeGreaterThanOrEqual(Math.max(...['SEA', 'SFO', 'OAK'].map((n) => textWidth(n))));
  });
});

describe('a donut imported from the peer (issue 31 item 4: labels and leader lines but no slices)', () => {
  it('keeps its ring when the pie shrinks to leave its outside labels room', () => {
    const long = byOrigin([
      { origin: 'San Francisco International', count: 300 },
      { origin: 'Seattle Tacoma International', count: 500 },
      { origin: 'Los Angeles International', count: 180 },
    ]);
    const donut = { donut: true, innerRadius: 60, outerRadius: 70, show_legend: false, labels_outside: true, label_line: true };
    const radius = (extra: Record<string, unknown>) =>
      transformProps({ formData: fd({ ...donut, ...extra }), queriesData: [long], datasource: null, width: 380, height: 400 }).echartOptions
        .series as AnyRecord[];
    const [inner, outer] = radius({ show_labels: true })[0].radius as number[];
    const [, unshrunk] = radius({ show_labels: false })[0].radius as number[];
    // the labels made the pie smaller…
    expect(outer).toBeLessThan(unshrunk);
    // …and the hole keeps its asked share of the ring (60 of 70): it does not swallow the slices
    expect(inner / outer).toBeCloseTo(60 / 70, 2);
  });

  it('draws the slices when the metric label is not a column of the reply (the numeric column is read)', () => {
    const opt = run(fd({ metric: { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'Titles' } }));
    const values = slicesOf(opt).map((d) => d.value);
    expect(values).toEqual([500, 300, 180, 15, 5]);
  });

  it('the hole is at most 95 % of the outer radius', async () => {
    const { donutInnerPx } = await import('./transformProps');
    expect(donutInnerPx(0.9, 0.5, 100)).toBe(95);
    expect(donutInnerPx(0.3, 0.7, 70)).toBeCloseTo(30, 5);
    expect(donutInnerPx(0.3, 0, 70)).toBe(0);
  });
});
