/** The report messages the spec lists (section 8 "Reports") and the run errors the executor logs. */
export const REPORT_MESSAGES = {
  fetchFailed: 'There was an issue fetching reports attached to this dashboard.',
  created: 'The report has been created',
  updated: 'Report updated',
  toggleFailed: 'We were unable to active or deactivate this report.',
  deleteFailed: 'Your report could not be deleted',
  /** `%s`: the report's name */
  deleted: 'Deleted: %s',
} as const;

/** Why a run ended in Error, as the execution log shows it. */
export const REPORT_RUN_ERRORS = {
  workingTimeout: 'Report Schedule reached a working timeout.',
  previousWorking: 'Report Schedule is still working, refusing to re-compute.',
  alertMultipleRows: 'Alert query returned more than one row. %s rows returned',
  alertMultipleColumns: 'Alert query returned more than one column. %s columns returned',
  alertNotNumeric: 'Alert query returned a non-number value.',
  alertQueryFailed: 'Alert found an error while executing a query: %s',
  targetMissing: 'The chart or dashboard of this report no longer exists.',
  ownerMissing: 'The report has no active owner to run it as.',
  screenshotFailed: 'Failed taking a screenshot: %s',
  csvFailed: 'Failed generating the CSV of the chart: %s',
  workbookFailed: 'Failed generating the Excel workbook of the dashboard: %s',
  deliveryFailed: 'Failed sending the report: %s',
  noRecipients: 'The report has no recipients.',
} as const;
