import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, QueryFormData } from '@rama/shared';
import { getCategoricalScheme } from '@rama/shared';
import { hasIsolatedValue, transformProps } from './transformProps';
import { seriesKindOf, xColumnOf } from './series';
import { reply } from '../../testReplies';

/** Average flight delay by month for two origins, as the server returns it after pivot + flatten. */
function flightsReply(months = 12): ChartDataQueryResult {
  const data = Array.from({ length: months }, (_, i) => ({
    date: Date.UTC(2023, i, 1),
    SEA: 4 + i * 0.5,
    SFO: i === 3 ? null : 3 + i * 0.25,
  }));
  return reply(data, ['date', 'SEA', 'SFO'], [2, 0, 0]);
}

const baseFd = (extra: Record<string, unknown> = {}): QueryFormData => ({
  viz_type: 'echarts_timeseries_line',
  datasource: '3__table',
  x_axis: 'date',
  time_grain_sqla: 'P1M',
  metrics: ['AVG(delay)'],
  groupby: ['origin'],
  ...extra,
});

type AnyRecord = Record<string, unknown>;
const run = (fd: QueryFormData, reply = flightsReply(), size = { width: 800, height: 400 }) =>
  transformProps({ formData: fd, queriesData: [reply], datasource: null, ...size }).echartOptions as AnyRecord;
const seriesOf = (opt: AnyRecord) => opt.series as AnyRecord[];
const formatterOf = (axis: unknown) => ((axis as AnyRecord).axisLabel as { formatter: (v: unknown) => string }).formatter;

describe('timeseries transformProps', () => {
  it('draws one series per origin, named and coloured from the scheme in reply order', () => {
    const opt = run(baseFd());
    const series = seriesOf(opt);
    expect(series.map((s) => s.name)).toEqual(['SEA', 'SFO']);
    const scheme = getCategoricalScheme('supersetColors').colors;
    expect(series.map((s) => (s.itemStyle as AnyRecord).color)).toEqual([scheme[0], scheme[1]]);
    expect((opt.legend as AnyRecord).data).toEqual(['SEA', 'SFO']);
    // a missing month is a gap, not a zero
    expect((series[1].data as unknown[][])[3]).toEqual([Date.UTC(2023, 3, 1), null]);
  });

  it('keeps a series colour when another series comes and goes (colour by name, same scheme)', () => {
    const a = seriesOf(run(baseFd({ color_scheme: 'supersetColors' })));
    const b = seriesOf(run(baseFd({ color_scheme: 'supersetColors' })));
    expect(a.map((s) => (s.itemStyle as AnyRecord).color)).toEqual(b.map((s) => (s.itemStyle as AnyRecord).color));
    const forced = seriesOf(run(baseFd({ label_colors: { SFO: '#123456' } })));
    expect((forced[1].itemStyle as AnyRecord).color).toBe('#123456');
  });

  it('formats the time axis adaptively and the value axis with the y-axis format', () => {
    const opt = run(baseFd({ y_axis_format: ',.1f' }));
    expect((opt.xAxis as AnyRecord).type).toBe('time');
    expect(formatterOf(opt.xAxis)(Date.UTC(2023, 2, 1))).toBe('March');
    expect(formatterOf(opt.xAxis)(Date.UTC(2023, 0, 1))).toBe('2023');
    expect(formatterOf(opt.yAxis)(1234.56)).toBe('1,234.6');
    const custom = run(baseFd({ x_axis_time_format: '%Y-%m-%d' }));
    expect(formatterOf(custom.xAxis)(Date.UTC(2023, 2, 1))).toBe('2023-03-01');
  });

  it('contribution mode puts percentages on the axis', () => {
    const opt = run(baseFd({ contributionMode: 'row' }));
    expect(formatterOf(opt.yAxis)(0.25)).toBe('25%');
  });

  it('the rich tooltip lists every series at the hovered month, sorted by value when asked, with names escaped', () => {
    const reply = flightsReply();
    reply.colnames = ['date', '<b>SEA</b>', 'SFO'];
    reply.data = reply.data.map((r) => ({ date: r.date, '<b>SEA</b>': r.SEA, SFO: r.SFO }));
    const opt = run(baseFd({ tooltipSortByMetric: true }), reply);
    const tooltip = opt.tooltip as { trigger: string; formatter: (p: unknown) => string };
    expect(tooltip.trigger).toBe('axis');
    const html = tooltip.formatter([
      { seriesIndex: 1, value: [Date.UTC(2023, 1, 1), 9], axisValue: Date.UTC(2023, 1, 1), name: '' },
      { seriesIndex: 0, value: [Date.UTC(2023, 1, 1), 4.5], axisValue: Date.UTC(2023, 1, 1), name: '' },
    ]);
    expect(html).toContain('2023-02');
    expect(html).not.toContain('<b>SEA');
    expect(html).toContain('&lt;b&gt;SEA&lt;/b&gt;');
    expect(html.indexOf('SFO')).toBeLessThan(html.indexOf('SEA'));
  });

  it('without rich tooltip, the tooltip shows the hovered point only', () => {
    const opt = run(baseFd({ rich_tooltip: false }));
    const tooltip = opt.tooltip as { trigger: string; formatter: (p: unknown) => string };
    expect(tooltip.trigger).toBe('item');
    const html = tooltip.formatter({ seriesIndex: 0, value: [Date.UTC(2023, 1, 1), 4.5], name: '' });
    expect(html).toContain('SEA');
    expect(html).toContain('4.5');
  });

  it('horizontal bars swap the axes and the point coordinates', () => {
    const opt = run(baseFd({ viz_type: 'echarts_timeseries_bar', orientation: 'horizontal' }));
    expect((opt.yAxis as AnyRecord).type).toBe('time');
    expect((opt.xAxis as AnyRecord).type).toBe('value');
    const s = seriesOf(opt)[0];
    expect(s.type).toBe('bar');
    expect((s.data as unknown[][])[0]).toEqual([4, Date.UTC(2023, 0, 1)]);
  });

  it('a stacked area chart stacks every series and fills it with the chosen opacity', () => {
    const opt = run(baseFd({ viz_type: 'echarts_area', stack: 'Stack', opacity: 0.5 }));
    for (const s of seriesOf(opt)) {
      expect(s.stack).toBe('total');
      expect(s.areaStyle).toEqual({ opacity: 0.5 });
    }
    const tooltip = opt.tooltip as { formatter: (p: unknown) => string };
    const html = tooltip.formatter([
      { seriesIndex: 0, value: [0, 4], axisValue: 0, name: '' },
      { seriesIndex: 1, value: [0, 3], axisValue: 0, name: '' },
    ]);
    expect(html).toContain('Total');
    expect(html).toContain('>7<');
  });

  it('each viz type draws its series kind', () => {
    const k = (viz_type: string, extra: AnyRecord = {}) => seriesKindOf(baseFd({ viz_type, ...extra }));
    expect(k('echarts_timeseries_smooth')).toMatchObject({ type: 'line', smooth: true });
    expect(k('echarts_timeseries_step', { seriesType: 'end' })).toMatchObject({ type: 'line', step: 'end' });
    expect(k('echarts_timeseries_step')).toMatchObject({ step: 'start' });
    expect(k('echarts_timeseries_scatter')).toMatchObject({ type: 'scatter' });
    expect(k('echarts_timeseries', { seriesType: 'bar' })).toMatchObject({ type: 'bar' });
    expect(k('echarts_timeseries', { area: true })).toMatchObject({ type: 'line', area: true });
    expect(k('echarts_area')).toMatchObject({ type: 'line', area: true });
  });

  it('markers, value labels and only-total labels', () => {
    const markers = seriesOf(run(baseFd({ markerEnabled: true, markerSize: 9 })));
    expect(markers[0]).toMatchObject({ showSymbol: true, symbolSize: 9 });
    const totals = seriesOf(run(baseFd({ viz_type: 'echarts_timeseries_bar', stack: 'Stack', show_value: true, only_total: true })));
    expect((totals[0].label as AnyRecord).show).toBe(false);
    const last = totals[1].label as { show: boolean; formatter: (p: unknown) => string };
    expect(last.show).toBe(true);
    expect(last.formatter({ dataIndex: 0 })).toBe('7');
  });

  it('a legend on the right takes room from the plot; no legend takes none', () => {
    const right = run(baseFd({ legendOrientation: 'right' }));
    const none = run(baseFd({ show_legend: false }));
    expect((right.grid as AnyRecord).right as number).toBeGreaterThan((none.grid as AnyRecord).right as number);
    expect((none.legend as AnyRecord).show).toBe(false);
    const top = run(baseFd({}));
    expect((top.grid as AnyRecord).top as number).toBeGreaterThan((none.grid as AnyRecord).top as number);
  });

  it('zoom adds a slider and inside zoom; log axis, minor split lines and truncated bounds reach the value axis', () => {
    const opt = run(baseFd({ zoomable: true, logAxis: true, minorSplitLine: true, truncateYAxis: true, y_axis_bounds: [2, null] }));
    expect((opt.dataZoom as AnyRecord[]).map((d) => d.type)).toEqual(['slider', 'inside']);
    expect(opt.yAxis).toMatchObject({ type: 'log', min: 2, max: undefined, scale: true, minorSplitLine: { show: true } });
    const notTruncated = run(baseFd({ y_axis_bounds: [2, 10] }));
    expect(notTruncated.yAxis).toMatchObject({ min: undefined, max: undefined, scale: false });
  });

  it('an empty reply draws no series', () => {
    const reply = { ...flightsReply(), data: [], rowcount: 0 };
    const opt = run(baseFd(), reply);
    expect(seriesOf(opt).every((s) => (s.data as unknown[]).length === 0)).toBe(true);
  });

  it('a value between gaps gets its marker (a line cannot draw it), other lines stay without', () => {
    expect(hasIsolatedValue([null, 3, null, 4, 5])).toBe(true);
    expect(hasIsolatedValue([7])).toBe(true);
    expect(hasIsolatedValue([1, 2, null, 4, 5])).toBe(false);
    expect(hasIsolatedValue([null, null])).toBe(false);
  });

  it('many points turn animation and hover focus off', () => {
    const reply = flightsReply();
    reply.colnames = ['date', ...Array.from({ length: 20 }, (_, i) => `s${i}`)];
    reply.coltypes = [2, ...Array.from({ length: 20 }, () => 0 as const)];
    reply.data = Array.from({ length: 1000 }, (_, j) => {
      const row: Record<string, unknown> = { date: Date.UTC(2020, 0, 1) + j * 86_400_000 };
      for (let i = 0; i < 20; i += 1) row[`s${i}`] = Math.sin(j / 20 + i);
      return row;
    });
    const opt = run(baseFd(), reply);
    expect(opt.animation).toBe(false);
    expect(seriesOf(opt)).toHaveLength(20);
    expect(seriesOf(opt)[0]).toMatchObject({ showSymbol: false, emphasis: { disabled: true }, silent: true });
    expect((opt.tooltip as { axisPointer: { triggerEmphasis: boolean } }).axisPointer.triggerEmphasis).toBe(false);
  });

  it('a category x axis lists the values in reply order', () => {
    const reply = flightsReply(3);
    reply.colnames = ['carrier', 'AVG(delay)'];
    reply.coltypes = [1, 0];
    reply.data = [
      { carrier: 'AA', 'AVG(delay)': 3 },
      { carrier: 'UA', 'AVG(delay)': 5 },
    ];
    const opt = run(baseFd({ x_axis: 'carrier', viz_type: 'echarts_timeseries_bar' }), reply);
    expect(opt.xAxis).toMatchObject({ type: 'category', data: ['AA', 'UA'] });
    expect(seriesOf(opt)[0].data).toEqual([3, 5]);
  });

  it('finds the x column by the legacy __timestamp name, the x axis label or first place', () => {
    expect(xColumnOf(baseFd(), ['__timestamp', 'a'])).toBe('__timestamp');
    expect(xColumnOf(baseFd({ x_axis: { label: 'month', sqlExpression: 'x' } }), ['a', 'month'])).toBe('month');
    expect(xColumnOf(baseFd({ x_axis: undefined }), ['d', 'a'])).toBe('d');
  });

  it('a formula annotation layer adds a line over the x values; a hostile one draws nothing', () => {
    const reply = flightsReply(3);
    reply.colnames = ['n', 'v'];
    reply.coltypes = [0, 0];
    reply.data = [
      { n: 1, v: 1 },
      { n: 2, v: 4 },
      { n: 3, v: 9 },
    ];
    const opt = run(
      baseFd({
        x_axis: 'n',
        annotation_layers: [
          { name: 'Double', annotationType: 'FORMULA', sourceType: '', value: 'x*2+1', show: true, color: '#ff0000' },
          { name: 'Bad', annotationType: 'FORMULA', value: 'constructor.constructor("alert(1)")()', show: true },
          { name: 'Hidden', annotationType: 'FORMULA', value: 'x', show: false },
        ],
      }),
      reply,
    );
    const series = seriesOf(opt);
    expect(series.map((s) => s.name)).toEqual(['v', 'Double']);
    expect(series[1].data).toEqual([
      [1, 3],
      [2, 5],
      [3, 7],
    ]);
    expect((opt.legend as AnyRecord).data).toEqual(['v', 'Double']);
  });

  it('event and interval layers mark the x axis from their rows', () => {
    const reply = flightsReply();
    // as Explore hands them over: each layer's rows keyed by layer name, riding on the first query
    reply.annotation_data = [
      {
        Outage: [{ ds: Date.UTC(2023, 4, 3), what: 'Power cut' }],
        Strike: [{ start: '2023-06-01', end: '2023-06-10', title: 'Strike' }],
      },
    ];
    const opt = run(
      baseFd({
        annotation_layers: [
          { name: 'Outage', annotationType: 'EVENT', sourceType: 'table', value: 7, show: true, timeColumn: 'ds', titleColumn: 'what' },
          { name: 'Strike', annotationType: 'INTERVAL', sourceType: 'table', value: 8, show: true },
        ],
      }),
      reply,
    );
    const series = seriesOf(opt);
    const event = series.find((s) => s.name === 'Outage') as AnyRecord;
    expect((event.markLine as AnyRecord).data).toEqual([{ xAxis: Date.UTC(2023, 4, 3), name: 'Power cut' }]);
    const interval = series.find((s) => s.name === 'Strike') as AnyRecord;
    expect((interval.markArea as AnyRecord).data).toEqual([
      [{ xAxis: Date.UTC(2023, 5, 1), name: 'Strike' }, { xAxis: Date.UTC(2023, 5, 10) }],
    ]);
    // carriers are not data: the legend lists the two origins only
    expect((opt.legend as AnyRecord).data).toEqual(['SEA', 'SFO']);
  });

  it('a formula listed after an event layer still gets its own name in the tooltip', () => {
    const reply = flightsReply();
    reply.annotation_data = [{ Outage: [{ start: Date.UTC(2023, 4, 3), title: 'Power cut' }] }];
    const opt = run(
      baseFd({
        annotation_layers: [
          { name: 'Outage', annotationType: 'EVENT', value: 7, show: true },
          { name: 'Goal', annotationType: 'FORMULA', value: '5', show: true },
        ],
      }),
      reply,
    );
    const series = seriesOf(opt);
    expect(series.map((s) => s.name)).toEqual(['SEA', 'SFO', 'Goal', 'Outage']);
    const html = (opt.tooltip as { formatter: (p: unknown) => string }).formatter([
      { seriesIndex: 2, value: [0, 5], axisValue: 0, name: '' },
    ]);
    expect(html).toContain('Goal');
  });
  it('labels every one of ten airport bars flat at an ordinary dashboard tile, and turns long labels before thinning them', () => {
    const airports = ['ORD', 'DFW', 'ATL', 'LAX', 'PHX', 'STL', 'DTW', 'MSP', 'LAS', 'DEN'];
    const bars = reply(
      airports.map((origin, i) => ({ origin, 'AVG(delay)': 10 - i })),
      ['origin', 'AVG(delay)'],
      [1, 0],
    );
    const fd = baseFd({ viz_type: 'echarts_timeseries_bar', x_axis: 'origin', groupby: [], y_axis_title: 'Minutes' });
    const tile = run(fd, bars, { width: 470, height: 400 });
    expect((tile.xAxis as AnyRecord).axisLabel).toMatchObject({ interval: 0, rotate: 0, overflow: 'truncate' });
    const long = reply(
      airports.map((origin, i) => ({ origin: `${origin} International Airport`, 'AVG(delay)': 10 - i })),
      ['origin', 'AVG(delay)'],
      [1, 0],
    );
    expect((run(fd, long, { width: 470, height: 400 }).xAxis as AnyRecord).axisLabel).toMatchObject({ interval: 0, rotate: 45 });
    // horizontal bars stack the names down the side, every one shown
    const side = run({ ...fd, orientation: 'horizontal' }, long, { width: 470, height: 400 });
    expect((side.yAxis as AnyRecord).axisLabel).toMatchObject({ interval: 0, rotate: 0 });
  });
});
