import { describe, expect, it } from 'vitest';
import { withoutMotion } from './motion';

describe('withoutMotion (reduced motion and report captures draw the final frame at once)', () => {
  it('turns the chart animation off', () => {
    expect(withoutMotion({ animation: true, xAxis: {} })).toEqual({ animation: false, xAxis: {} });
  });

  it("stops a gauge's value from counting up, on the series and on each item", () => {
    const option = withoutMotion({
      series: [
        {
          type: 'gauge',
          detail: { valueAnimation: true, color: '#262626' },
          data: [{ value: 55, detail: { valueAnimation: true, fontSize: 20 } }, 7],
        },
      ],
    });
    const [series] = option.series as Record<string, unknown>[];
    expect(series.animation).toBe(false);
    expect(series.detail).toEqual({ valueAnimation: false, color: '#262626' });
    expect(series.data).toEqual([{ value: 55, detail: { valueAnimation: false, fontSize: 20 } }, 7]);
  });

  it('leaves an option without series and a single series object alone but still', () => {
    expect(withoutMotion({ title: { text: 'x' } })).toEqual({ title: { text: 'x' }, animation: false });
    expect(withoutMotion({ series: { type: 'bar', label: { show: true } } }).series).toEqual({
      type: 'bar',
      label: { show: true },
      animation: false,
    });
  });
});
