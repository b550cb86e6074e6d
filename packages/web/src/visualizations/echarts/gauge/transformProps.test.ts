import { describe, expect, it } from 'vitest';
import { getCategoricalScheme, getNumberFormatter, type QueryFormData } from '@rama/shared';
import { datasourceWith, reply } from '../../testReplies';
import {
  freeHalfWidth,
  gaugeRadius,
  gaugeTitlePlacement,
  intervalStops,
  parseNumberList,
  transformProps,
  withTemplate,
} from './transformProps';

type AnyRecord = Record<string, unknown>;

const fd = (extra: AnyRecord = {}): QueryFormData => ({
  viz_type: 'gauge_chart',
  datasource: '1__table',
  groupby: [],
  metric: 'on_time_share',
  ...extra,
});
const seriesOf = (o: AnyRecord) => (o.series as AnyRecord[])[0];

describe('gauge transformProps', () => {
  it('one needle named by the metric, the axis twice the value without min and max', () => {
    const r = reply([{ on_time_share: 0.62 }], ['on_time_share'], [0]);
    const { echartOptions } = transformProps({
      formData: fd(),
      queriesData: [r],
      datasource: datasourceWith({ on_time_share: 'On-time share' }),
      width: 400,
      height: 300,
    });
    const s = seriesOf(echartOptions);
    expect(s.min).toBe(0);
    expect(s.max).toBeCloseTo(1.24);
    expect((s.data as AnyRecord[])[0]).toMatchObject({ name: 'On-time share', value: 0.62 });
  });

  it('one needle per group, named "column: value" with verbose names', () => {
    const r = reply(
      [
        { origin: 'SEA', on_time_share: 0.7 },
        { origin: 'SFO', on_time_share: 0.5 },
      ],
      ['origin', 'on_time_share'],
      [1, 0],
    );
    const { echartOptions, elements } = transformProps({
      formData: fd({ groupby: ['origin'], min_val: 0, max_val: 1 }),
      queriesData: [r],
      datasource: datasourceWith({ origin: 'Origin' }),
      width: 400,
      height: 300,
    });
    const data = seriesOf(echartOptions).data as AnyRecord[];
    expect(data.map((d) => d.name)).toEqual(['Origin: SEA', 'Origin: SFO']);
    expect(seriesOf(echartOptions).max).toBe(1);
    expect(elements[0][1]).toEqual([{ col: 'origin', val: 'SFO', formattedVal: 'SFO' }]);
  });

  it('intervals colour the axis by the scheme picks (1-based), as fractions of the max', () => {
    const colors = getCategoricalScheme('supersetColors').colors;
    expect(parseNumberList('0.5, 0.7,1')).toEqual([0.5, 0.7, 1]);
    expect(parseNumberList('1,x')).toEqual([]);
    expect(intervalStops('50,70,100', '6,7,3', colors, 100)).toEqual([
      [0.5, colors[5]],
      [0.7, colors[6]],
      [1, colors[2]],
    ]);
    expect(intervalStops('5,10', '', colors, 10)).toEqual([
      [0.5, colors[0]],
      [1, colors[1]],
    ]);
  });

  it('the value reads through the value format', () => {
    expect(withTemplate('{value} km', getNumberFormatter(',d'))(1234)).toBe('1,234 km');
    expect(withTemplate('', getNumberFormatter('.0%'))(0.5)).toBe('50%');
  });
});

describe('gauge radius', () => {
  it('keeps every axis label inside the chart, on a small dashboard cell and a wide one', () => {
    const angles = Array.from({ length: 11 }, (_, i) => 225 - 27 * i);
    for (const [w, h] of [
      [336, 190],
      [800, 300],
    ]) {
      const extent = 30;
      const r = gaugeRadius(w, h, angles, extent, 40, 18);
      for (const deg of angles) {
        const ux = Math.cos((deg * Math.PI) / 180);
        const uy = -Math.sin((deg * Math.PI) / 180);
        const x = w / 2 + ux * (r + extent);
        const y = h * 0.55 + uy * (r + extent);
        // the label's box as ECharts aligns it from its anchor (towards the centre)
        const [left, right] = ux < -0.4 ? [x, x + 40] : ux > 0.4 ? [x - 40, x] : [x - 20, x + 20];
        const [top, bottom] = uy < -0.8 ? [y, y + 18] : uy > 0.8 ? [y - 18, y] : [y - 9, y + 9];
        expect(left, `${w}×${h} at ${deg}°`).toBeGreaterThanOrEqual(-1e-6);
        expect(right).toBeLessThanOrEqual(w + 1e-6);
        expect(top).toBeGreaterThanOrEqual(-1e-6);
        expect(bottom).toBeLessThanOrEqual(h + 1e-6);
      }
      // as large as the tightest side allows (the top label touches the top)
      expect(r).toBeGreaterThan(Math.min(w / 2, h * 0.55) - extent - 40);
    }
  });
});

describe('gauge title', () => {
  it('has the inner half-chord free inside the ring, and the depth itself below the ring ends', () => {
    // inner radius 50: the ends' inner corners are 35.4 px down
    expect(freeHalfWidth(50, 0, 10)).toBeCloseTo(Math.sqrt(2500 - 100));
    expect(freeHalfWidth(50, 40, 55)).toBe(40);
    // a span across the corners is as narrow as at the corners
    expect(freeHalfWidth(50, 20, 50)).toBeCloseTo(50 / Math.SQRT2);
  });

  it('keeps its size and place when it fits, else moves down, then shrinks, never below 10 px', () => {
    const roomAt = (depth: number, line: number) => 2 * freeHalfWidth(50, depth - line / 2, depth + line / 2) - 8;
    const width = (chars: number) => (size: number) => chars * size * 0.54;
    expect(gaugeTitlePlacement(width(5), 15, 15, 60, roomAt)).toEqual({ fontSize: 15, depth: 15 });
    // 13 characters at 15 px (105 px) fit only where the gap is 105 + 8 wide: 56.5 px down, plus half a line
    const lower = gaugeTitlePlacement(width(13), 15, 15, 80, roomAt);
    expect(lower.fontSize).toBe(15);
    expect(roomAt(lower.depth, 15 * 1.3)).toBeGreaterThanOrEqual(105);
    expect(roomAt(lower.depth - 2, 15 * 1.3)).toBeLessThan(105);
    // with no room below, it shrinks in place
    const smaller = gaugeTitlePlacement(width(13), 15, 15, 15, roomAt);
    expect(smaller.depth).toBe(15);
    expect(smaller.fontSize).toBeLessThan(15);
    expect(gaugeTitlePlacement(width(60), 15, 15, 15, roomAt)).toEqual({ fontSize: 10, depth: 15 });
  });

  it('a chart whose title does not fit between the ring ends cuts it to the room there', () => {
    const { echartOptions } = transformProps({
      formData: fd({ font_size: 15 }),
      queriesData: [reply([{ on_time_share: 0.62 }], ['on_time_share'], [0])],
      datasource: datasourceWith({ on_time_share: 'Share of flights on time or early' }),
      width: 240,
      height: 160,
    });
    const title = ((echartOptions.series as AnyRecord[])[0].data as { title: AnyRecord }[])[0].title;
    expect(title.overflow).toBe('truncate');
    expect(title.fontSize).toBeGreaterThanOrEqual(10);
    expect(title.width).toBeGreaterThan(0);
  });
});
