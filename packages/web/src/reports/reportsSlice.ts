/** The reports slice: the API's replies filed by the pure rules of reportsState.ts. */
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { ReportCreationMethod } from '@rama/shared';
import { reportApi } from './reportApi';
import {
  changesFromBody,
  filedFromBody,
  filedFromListItem,
  filedReport,
  initialReportsState,
  reportAdded,
  reportDeleted,
  reportEdited,
  reportsFetched,
  type FiledReport,
  type ReportsState,
} from './reportsState';

const { attachedReports, createReport, updateReport, setReportActive, deleteReport, bulkDeleteReports } = reportApi.endpoints;

export const reportsSlice = createSlice({
  name: 'reports',
  initialState: initialReportsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(attachedReports.matchFulfilled, (state, { payload, meta }) => {
        const { creationMethod, resourceId } = meta.arg.originalArgs;
        return reportsFetched(state, creationMethod, resourceId, payload.result.map(filedFromListItem));
      })
      .addMatcher(createReport.matchFulfilled, (state, { payload, meta }) =>
        reportAdded(state, filedFromBody(payload.id, meta.arg.originalArgs)),
      )
      .addMatcher(updateReport.matchFulfilled, (state, { meta }) =>
        reportEdited(state, meta.arg.originalArgs.id, changesFromBody(meta.arg.originalArgs.body)),
      )
      .addMatcher(setReportActive.matchFulfilled, (state, { meta }) =>
        reportEdited(state, meta.arg.originalArgs.id, { active: meta.arg.originalArgs.active }),
      )
      .addMatcher(deleteReport.matchFulfilled, (state, { meta }) => reportDeleted(state, meta.arg.originalArgs))
      .addMatcher(bulkDeleteReports.matchFulfilled, (state, { meta }) =>
        meta.arg.originalArgs.reduce<ReportsState>((next, id) => reportDeleted(next, id), state),
      );
  },
});

export const reportsReducer = reportsSlice.reducer;

// the reports' key in the app store's state (core/state.ts)
declare module '../core/state' {
  interface RootState {
    reports: ReturnType<typeof reportsReducer>;
  }
}

/**
 * The report the user set up from this chart's or dashboard's menu, once the lookup answered. The
 * state is typed by this slice's own place in it (`reports`), not by the store's RootState: the
 * store imports this file.
 */
export const selectFiledReport =
  (creationMethod: ReportCreationMethod, resourceId: number) =>
  (state: WithSlice<typeof reportsSlice>): FiledReport | null =>
    filedReport(state.reports, creationMethod, resourceId);
