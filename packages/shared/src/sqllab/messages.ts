/** SQL Lab's toasts and inline texts (sql-editor.md §8 "Toasts", "Query run errors"). */
export const SqlLabMessage = {
  QUERY_LOAD_FAILED: "The query couldn't be loaded",
  DATASOURCE_LOAD_FAILED: "The datasource couldn't be loaded",
  SCHEDULED: 'Your query has been scheduled. To see details of your query, navigate to Saved queries',
  SCHEDULE_FAILED: 'Your query could not be scheduled',
  STOPPED: 'Query was stopped.',
  STOP_FAILED: 'Failed to stop query.',
  SAVED: 'Your query was saved',
  SAVE_FAILED: 'Your query could not be saved',
  SAVE_NOT_PROPER: 'Your query was not properly saved',
  UPDATED: 'Your query was updated',
  UPDATE_FAILED: 'Your query could not be updated',
  TAB_FETCH_FAILED: 'An error occurred while fetching tab state',
  QUERY_REMOVE_FAILED: 'An error occurred while removing query. Please contact your administrator.',
  TAB_STORE_FAILED:
    'An error occurred while storing your query in the backend. To avoid losing your changes, please save your query using the "Save Query" button.',
  TABLE_METADATA_FAILED: 'An error occurred while fetching table metadata. Please contact your administrator.',
  TABLE_EXPAND_FAILED: 'An error occurred while expanding the table schema. Please contact your administrator.',
  TABLE_COLLAPSE_FAILED: 'An error occurred while collapsing the table schema. Please contact your administrator.',
  TABLE_REMOVE_FAILED: 'An error occurred while removing the table schema. Please contact your administrator.',
  DATASOURCE_CREATE_FAILED: 'An error occurred while creating the data source',
  EDITOR_STATE_SAVE_FAILED: 'An error occurred while saving your editor state.',
  EDITOR_MIGRATE_FAILED:
    'Unable to migrate query editor state to backend. Rama will retry later. Please contact your administrator if this problem persists.',
  TABLE_MIGRATE_FAILED:
    'Unable to migrate table schema state to backend. Rama will retry later. Please contact your administrator if this problem persists.',
  QUERY_MIGRATE_FAILED:
    'Unable to migrate query state to backend. Rama will retry later. Please contact your administrator if this problem persists.',
  RESULTS_FETCH_FAILED: 'Failed at retrieving results',
  UNKNOWN_ERROR: 'Unknown error',
  LINK_COPIED: 'Link copied to clipboard',
  COPIED: 'Copied to clipboard!',
  COPY_FAILED: 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!',
} as const;
