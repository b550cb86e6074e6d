import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult } from '@rama/shared';
import { CHART_DATA_MARK, CHART_RENDER_MEASURE, errorMessage, isEmptyResult, measureChartRender } from './chartRendererState';

const q = (rows: number): ChartDataQueryResult =>
  ({
    rowcount: rows,
    data: Array.from({ length: rows }, (_, i) => ({ i })),
    colnames: ['i'],
    coltypes: [0],
  }) as unknown as ChartDataQueryResult;

describe('chart host decisions', () => {
  it("a reply with no rows in any query shows 'No results were returned for this query'", () => {
    expect(isEmptyResult([q(0)])).toBe(true);
    expect(isEmptyResult([q(0), q(0)])).toBe(true);
    expect(isEmptyResult([])).toBe(true);
    expect(isEmptyResult([q(3)])).toBe(false);
    // a table's second query (the row count) may be empty while the first has rows
    expect(isEmptyResult([q(3), q(0)])).toBe(false);
  });

  it('measures from the data mark only when the host set one', () => {
    const calls: string[][] = [];
    const marks: string[] = [];
    const perf = {
      getEntriesByName: (name: string) => (marks.includes(name) ? [{ name }] : []),
      measure: (name: string, start: string) => {
        calls.push([name, start]);
        return { name, duration: 12 };
      },
    } as unknown as Performance;
    expect(measureChartRender(perf)).toBeNull();
    expect(calls).toEqual([]);
    marks.push(CHART_DATA_MARK);
    expect(measureChartRender(perf)?.duration).toBe(12);
    expect(calls).toEqual([[CHART_RENDER_MEASURE, CHART_DATA_MARK]]);
    // a browser without user timing
    expect(measureChartRender({} as Performance)).toBeNull();
  });

  it('names what a chart threw', () => {
    expect(errorMessage(new TypeError('x is undefined'))).toBe('x is undefined');
    expect(errorMessage('bad')).toBe('bad');
    expect(errorMessage({})).toBe('Unknown error');
  });
});
