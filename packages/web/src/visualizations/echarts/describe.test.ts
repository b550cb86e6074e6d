import { describe, expect, it } from 'vitest';
import { describeOption } from './EChart';

describe('the accessible description of a canvas chart', () => {
  it('names the series of a line chart, as its legend shows them', () => {
    const option = {
      series: [
        { type: 'line', name: 'SEA', data: [] },
        { type: 'line', name: 'SFO', data: [] },
      ],
    };
    expect(describeOption(option)).toBe('Chart: SEA, SFO');
  });

  it('names the slices of a pie and stops at 50 names', () => {
    const data = Array.from({ length: 60 }, (_, i) => ({ name: `slice ${i}`, value: i }));
    const label = describeOption({ series: { type: 'pie', data } });
    expect(label.startsWith('Chart: slice 0, slice 1')).toBe(true);
    expect(label.split(', ')).toHaveLength(50);
  });
});
