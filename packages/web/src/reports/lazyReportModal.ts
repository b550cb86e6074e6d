import { lazy } from 'react';

/** The report modal loads when it first opens: its SQL editor is not needed to view a dashboard or a chart. */
export const LazyReportModal = lazy(() => import('./modal/ReportModal').then((m) => ({ default: m.ReportModal })));
