import { describe, expect, it } from 'vitest';
import { getClientError, type ClientError } from '@rama/shared';
import { chartErrorHints } from '@rama/shared';
import { chartReducer, initialChartState } from './chartState';

const HINTS = ['Issue 1000 - The dataset is too large to query.', 'Issue 1001 - The database is under an unusual load.'];

const fromResponse = (status: number, body: unknown): ClientError => getClientError({ kind: 'response', status, body });

describe('chartErrorHints: a timed-out chart shows the issue hints', () => {
  it("the browser's request timeout", () => {
    expect(chartErrorHints(getClientError({ kind: 'timeout' }))).toEqual(HINTS);
  });

  it("the server's query timeout (408 with a timeout error type), and a gateway timeout", () => {
    const body = {
      errors: [
        {
          message: 'The query exceeded the 1 seconds timeout and was stopped.',
          error_type: 'SQLLAB_TIMEOUT_ERROR',
          level: 'error',
          extra: {},
        },
      ],
    };
    expect(chartErrorHints(fromResponse(408, body))).toEqual(HINTS);
    expect(chartErrorHints(fromResponse(400, { errors: [{ message: 'x', error_type: 'BACKEND_TIMEOUT_ERROR' }] }))).toEqual(HINTS);
    expect(chartErrorHints(fromResponse(504, 'Gateway Timeout'))).toEqual(HINTS);
  });

  it("the server's own issue codes when it sends them", () => {
    const body = {
      errors: [{ message: 'slow', error_type: 'BACKEND_TIMEOUT_ERROR', extra: { issue_codes: [{ code: 1001, message: HINTS[1] }] } }],
    };
    expect(chartErrorHints(fromResponse(408, body))).toEqual([HINTS[1]]);
  });

  it('no hints for other errors', () => {
    expect(chartErrorHints(fromResponse(400, { errors: [{ message: 'bad', error_type: 'INVALID_SQL_ERROR' }] }))).toEqual([]);
    expect(chartErrorHints(fromResponse(500, { message: 'boom' }))).toEqual([]);
    expect(chartErrorHints(getClientError({ kind: 'network' }))).toEqual([]);
  });
});

describe('the chart state keeps the hints of its failure', () => {
  it('stores them on failure and clears them on the next start or success', () => {
    const failed = chartReducer(initialChartState, { type: 'updateFailed', message: 'Request timed out', hints: HINTS, at: 1 });
    expect(failed).toMatchObject({ chartStatus: 'failed', chartAlert: 'Request timed out', chartAlertHints: HINTS });
    expect(chartReducer(failed, { type: 'updateStarted', at: 2 }).chartAlertHints).toEqual([]);
    expect(chartReducer(failed, { type: 'updateSucceeded', queriesResponse: [], at: 2 }).chartAlertHints).toEqual([]);
    expect(chartReducer(initialChartState, { type: 'updateFailed', message: 'x', at: 1 }).chartAlertHints).toEqual([]);
  });
});
