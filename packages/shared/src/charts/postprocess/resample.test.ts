import { describe, expect, it } from 'vitest';
import { applyPostProcessing, frameFromRows, frameToRecords } from './index.js';

const at = (iso: string) => Date.parse(`${iso}Z`);

/** A pivoted frame indexed by time, as the timeseries client resamples it. */
const timeseries = (points: [string, number | null][]) =>
  applyPostProcessing(
    frameFromRows(
      ['__timestamp', 'm'],
      points.map(([t, v]) => [at(t), v]),
      { temporalColumns: ['__timestamp'] },
    ),
    [{ operation: 'pivot', options: { index: ['__timestamp'], aggregates: { m: { operator: 'mean' } }, drop_missing_columns: false } }],
  );
const resampled = (points: [string, number | null][], options: Record<string, unknown>, context = {}) =>
  frameToRecords(applyPostProcessing(timeseries(points), [{ operation: 'resample', options }, { operation: 'flatten' }], context)).map(
    (r) => [new Date(r.__timestamp as number).toISOString().slice(0, 16), r.m],
  );

const days: [string, number][] = [
  ['2023-01-01T00:00', 1],
  ['2023-01-02T00:00', 2],
  ['2023-01-04T00:00', 4],
];
const grid = ['2023-01-01T00:00', '2023-01-02T00:00', '2023-01-03T00:00', '2023-01-04T00:00'];
const withGrid = (values: (number | null)[]) => grid.map((t, i) => [t, values[i]]);

describe('resample methods (spec §9: asfreq, bfill, ffill, median, mean, sum)', () => {
  it('asfreq puts each value at its time, nothing where there is none', () => {
    expect(resampled(days, { rule: '1D', method: 'asfreq' })).toEqual(withGrid([1, 2, null, 4]));
  });

  it('asfreq with fill_value 0 is the client\'s "zerofill"', () => {
    expect(resampled(days, { rule: '1D', method: 'asfreq', fill_value: 0 })).toEqual(withGrid([1, 2, 0, 4]));
  });

  it('ffill carries the last value forward, bfill the next one back', () => {
    expect(resampled(days, { rule: '1D', method: 'ffill' })).toEqual(withGrid([1, 2, 2, 4]));
    expect(resampled(days, { rule: '1D', method: 'bfill' })).toEqual(withGrid([1, 2, 4, 4]));
  });

  it('sum gives an empty bin 0; mean and median leave it empty', () => {
    expect(resampled(days, { rule: '1D', method: 'sum' })).toEqual(withGrid([1, 2, 0, 4]));
    expect(resampled(days, { rule: '1D', method: 'mean' })).toEqual(withGrid([1, 2, null, 4]));
    expect(resampled(days, { rule: '1D', method: 'median' })).toEqual(withGrid([1, 2, null, 4]));
  });

  it('mean and median aggregate the values falling in one bin', () => {
    const points: [string, number][] = [
      ['2023-01-01T00:00', 1],
      ['2023-01-01T06:00', 2],
      ['2023-01-01T12:00', 6],
    ];
    expect(resampled(points, { rule: '1D', method: 'mean' })).toEqual([['2023-01-01T00:00', 3]]);
    expect(resampled(points, { rule: '1D', method: 'median' })).toEqual([['2023-01-01T00:00', 2]]);
  });

  it('linear (allowed by the BI server) interpolates between neighbours', () => {
    expect(resampled(days, { rule: '1D', method: 'linear' })).toEqual(withGrid([1, 2, 3, 4]));
  });

  it('rejects another method and a frame without a time index', () => {
    expect(() => resampled(days, { rule: '1D', method: 'nearest' })).toThrow(
      'Resample method should be in asfreq, bfill, ffill, linear, median, mean, sum.',
    );
    expect(() =>
      applyPostProcessing(frameFromRows(['t', 'm'], [[1, 1]]), [{ operation: 'resample', options: { rule: '1D', method: 'sum' } }]),
    ).toThrow('Resample operation requires DatetimeIndex');
  });
});

describe('resample rules (spec §9: 1T, 1H, 1D, 7D, 1M, 1AS)', () => {
  it('1T: one-minute bins', () => {
    const points: [string, number][] = [
      ['2023-01-01T00:00:30', 1],
      ['2023-01-01T00:00:50', 2],
      ['2023-01-01T00:02:10', 5],
    ];
    expect(resampled(points, { rule: '1T', method: 'sum' })).toEqual([
      ['2023-01-01T00:00', 3],
      ['2023-01-01T00:01', 0],
      ['2023-01-01T00:02', 5],
    ]);
  });

  it('1H: hourly bins', () => {
    const points: [string, number][] = [
      ['2023-01-01T00:30', 1],
      ['2023-01-01T00:45', 2],
      ['2023-01-01T02:10', 5],
    ];
    expect(resampled(points, { rule: '1H', method: 'mean' })).toEqual([
      ['2023-01-01T00:00', 1.5],
      ['2023-01-01T01:00', null],
      ['2023-01-01T02:00', 5],
    ]);
  });

  it('1D: daily bins from midnight', () => {
    expect(resampled(days, { rule: '1D', method: 'sum' }).map(([t]) => t)).toEqual(grid);
  });

  it('7D: seven-day bins starting at midnight of the first day', () => {
    const points: [string, number][] = [
      ['2023-01-03T00:00', 1],
      ['2023-01-05T00:00', 2],
      ['2023-01-11T00:00', 4],
    ];
    expect(resampled(points, { rule: '7D', method: 'sum' })).toEqual([
      ['2023-01-03T00:00', 3],
      ['2023-01-10T00:00', 4],
    ]);
  });

  it('1M: calendar months, labelled by their last day', () => {
    const points: [string, number][] = [
      ['2023-01-01T00:00', 1],
      ['2023-01-15T00:00', 2],
      ['2023-03-01T00:00', 3],
    ];
    expect(resampled(points, { rule: '1M', method: 'sum' })).toEqual([
      ['2023-01-31T00:00', 3],
      ['2023-02-28T00:00', 0],
      ['2023-03-31T00:00', 3],
    ]);
    expect(resampled(points, { rule: '1M', method: 'ffill' })).toEqual([
      ['2023-01-31T00:00', 2],
      ['2023-02-28T00:00', 2],
      ['2023-03-31T00:00', 3],
    ]);
  });

  it('1AS: calendar years, labelled by their first day', () => {
    const points: [string, number][] = [
      ['2021-06-01T00:00', 1],
      ['2023-02-01T00:00', 2],
    ];
    expect(resampled(points, { rule: '1AS', method: 'sum' })).toEqual([
      ['2021-01-01T00:00', 1],
      ['2022-01-01T00:00', 0],
      ['2023-01-01T00:00', 2],
    ]);
    expect(resampled(points, { rule: '1AS', method: 'bfill' })).toEqual([
      ['2021-01-01T00:00', 1],
      ['2022-01-01T00:00', 2],
      ['2023-01-01T00:00', 2],
    ]);
  });

  it('other pandas offsets: month starts, weeks ending on a weekday, quarters', () => {
    const points: [string, number][] = [
      ['2023-01-02T00:00', 1],
      ['2023-01-04T00:00', 2],
      ['2023-01-10T00:00', 4],
    ];
    expect(resampled(points, { rule: 'MS', method: 'sum' })).toEqual([['2023-01-01T00:00', 7]]);
    expect(resampled(points, { rule: 'W-MON', method: 'sum' })).toEqual([
      ['2023-01-02T00:00', 1],
      ['2023-01-09T00:00', 2],
      ['2023-01-16T00:00', 4],
    ]);
    expect(resampled(points, { rule: 'Q', method: 'sum' })).toEqual([['2023-03-31T00:00', 7]]);
    expect(() => resampled(points, { rule: '1X', method: 'sum' })).toThrow('Invalid frequency: 1X');
  });

  it("values already at the rule's step keep their values on its grid, as pandas relabels them", () => {
    const points: [string, number][] = [
      ['2023-01-01T12:00', 1],
      ['2023-01-02T12:00', 2],
      ['2023-01-03T12:00', 3],
    ];
    expect(resampled(points, { rule: '1D', method: 'asfreq' })).toEqual([
      ['2023-01-01T00:00', 1],
      ['2023-01-02T00:00', 2],
      ['2023-01-03T00:00', 3],
    ]);
  });

  it('zerofill with fill_time_range covers the whole queried range', () => {
    const out = resampled(
      days,
      { rule: '1D', method: 'asfreq', fill_value: 0, fill_time_range: true },
      { fromDttm: at('2022-12-31T00:00'), toDttm: at('2023-01-06T00:00') },
    );
    expect(out).toEqual([
      ['2022-12-31T00:00', 0],
      ['2023-01-01T00:00', 1],
      ['2023-01-02T00:00', 2],
      ['2023-01-03T00:00', 0],
      ['2023-01-04T00:00', 4],
      ['2023-01-05T00:00', 0],
    ]);
  });
});
