import type { DashboardDetail, DashboardVersionState } from '@rama/shared';

/** `?version=N` on a dashboard's address: that version previewed read-only. */
export function previewVersionOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('version');
  const n = raw === null ? NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Today's dashboard with a version's saved state in place of its own. */
export function withVersionState(detail: DashboardDetail, state: DashboardVersionState): DashboardDetail {
  return {
    ...detail,
    dashboard_title: state.dashboard_title,
    position_json: state.position_json,
    json_metadata: state.json_metadata,
    css: state.css,
  };
}
