import { describe, expect, it } from 'vitest';
import { newTimeTableColumn, type TimeTableColumn } from '@rama/shared';
import { BOUND_COLORS, cellValue, colorFromBounds, sparklineData } from './cells';

const col = (extra: Partial<TimeTableColumn>): TimeTableColumn => ({ ...newTimeTableColumn('k'), ...extra });
// oldest first: the latest value is 120
const values = [100, 80, null, 90, 120];

describe('time table cells', () => {
  it('time comparison against the value `timeLag` periods before: value, difference, ratio, change', () => {
    expect(cellValue(values, col({ colType: 'time', timeLag: '1', comparisonType: 'value' }), 0)).toEqual({ value: 90 });
    expect(cellValue(values, col({ colType: 'time', timeLag: 1, comparisonType: 'diff' }), 0)).toEqual({ value: 30 });
    expect(cellValue(values, col({ colType: 'time', timeLag: '4', comparisonType: 'perc' }), 0)).toEqual({ value: 1.2 });
    expect(cellValue(values, col({ colType: 'time', timeLag: '3', comparisonType: 'perc_change' }), 0).value).toBeCloseTo(0.5);
    // a negative lag counts from the oldest period
    expect(cellValue(values, col({ colType: 'time', timeLag: '-2', comparisonType: 'value' }), 0)).toEqual({ value: 80 });
  });

  it('a lag beyond the data says so; a missing lagged value gives no value', () => {
    expect(cellValue(values, col({ colType: 'time', timeLag: '5' }), 0)).toEqual({
      value: null,
      error: 'The time lag set at 5 is too large for the length of data at 5. No data available.',
    });
    expect(cellValue(values, col({ colType: 'time', timeLag: '2', comparisonType: 'diff' }), 0)).toEqual({ value: null });
  });

  it('contribution of the latest value to the latest total; average over the latest periods', () => {
    expect(cellValue(values, col({ colType: 'contrib' }), 480)).toEqual({ value: 0.25 });
    expect(cellValue(values, col({ colType: 'avg', timeLag: '2' }), 0)).toEqual({ value: 105 });
    expect(cellValue(values, col({ colType: 'avg', timeLag: '3' }), 0)).toEqual({ value: 105 });
    expect(cellValue(values, col({ colType: 'avg', timeLag: '' }), 0)).toEqual({ value: 97.5 });
  });

  it('sparklines of the values or of the ratio to `timeRatio` periods before', () => {
    expect(sparklineData(values, col({ colType: 'spark' }))).toEqual(values);
    expect(sparklineData([1, 2, 4, 0, 8], col({ colType: 'spark', timeRatio: '1' }))).toEqual([2, 2, 0, null]);
  });

  it('colours from the bounds: red below, blue above, grey between', () => {
    const [low, high] = BOUND_COLORS;
    expect(colorFromBounds(5, [0, 10])).toBe('rgb(128, 128, 128)');
    expect(colorFromBounds(0, [0, 10])).toBe('rgb(202, 0, 32)');
    expect(colorFromBounds(10, [0, 10])).toBe('rgb(5, 113, 176)');
    expect(colorFromBounds(3, [2, null])).toBe(high);
    expect(colorFromBounds(1, [2, null])).toBe(low);
    expect(colorFromBounds(3, [null, 2])).toBe(low);
    expect(colorFromBounds(3, [null, null])).toBeNull();
    expect(colorFromBounds(null, [0, 1])).toBeNull();
  });
});
