/** The dashboard page's texts (spec section 8 "Dashboards"; the shared ones are DASHBOARD_MESSAGES in '@rama/shared'). */
export const DashboardMessage = {
  NO_CHART_DEFINITION:
    'There is no chart definition associated with this component, could it have been deleted? Delete this container and save to remove this message.',
  GENERIC: 'Sorry, an error occurred',
  NOT_FOUND: 'This dashboard does not exist, or you do not have access to it.',
  EMPTY_VIEW: 'There are no charts on this dashboard yet.',
  EMPTY_EDIT: 'Drag charts and layout elements from the panel on the right onto the dashboard.',
  EMPTY_TAB: 'There are no components in this tab yet.',
  PERMALINK_COPIED: 'Copied to clipboard!',
  PERMALINK_FAILED: 'Sorry, something went wrong. Try again later.',
  REFRESHING: 'Refreshing the dashboard',
  LINK_COPIED: 'Link copied to clipboard',
  DOWNLOADING_WORKBOOK: 'Downloading the dashboard as an Excel workbook',
  WORKBOOK_FAILED: 'The Excel workbook could not be downloaded: %s',
} as const;
