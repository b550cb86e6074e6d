import { useGetBootstrapQuery, useSession } from '../../core/session';

/**
 * Whether SQL Lab may offer "Schedule query" (issue 26 item 6, the peer's rule that the button shows
 * only when scheduling is possible): the reports and alerts feature is on (ALERT_REPORTS), and the
 * user may save queries and write reports (a scheduled query runs as a report of its own).
 */
export function useCanScheduleQuery(): boolean {
  const { access } = useSession();
  const flags = useGetBootstrapQuery().data?.feature_flags;
  return flags?.ALERT_REPORTS !== false && access.canWriteSavedQuery && access.canWriteReports;
}
