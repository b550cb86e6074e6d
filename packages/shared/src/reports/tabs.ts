/**
 * Which tabs of a dashboard a report captures (issue 27 item 4), in the BI server's contract:
 * `extra.dashboard.anchor` is one TAB id (that tab is opened, `activeTabs` holding the tabs on its
 * way) or a JSON list of TAB ids (each captured in turn); no anchor captures the dashboard as it
 * opens (its first tabs). Every id must be a component of the dashboard's `position_json`.
 */
import { ROOT_ID, TAB_TYPE, type DashboardLayout } from '../dashboards/types.js';

/** what a nested tab's label puts between its parent tab's title and its own */
export const TAB_PATH_SEPARATOR = ' ▸ ';

export interface DashboardTabChoice {
  id: string;
  /** its title, after its parent tabs' titles: "Parent ▸ Child" */
  label: string;
  /** the TAB ids from the outermost down to this one (the report's `activeTabs` for it) */
  path: string[];
}

const tabTitle = (layout: DashboardLayout, id: string): string => {
  const meta = layout[id]?.meta;
  return (meta?.text ?? meta?.defaultText ?? '').trim() || 'Untitled tab';
};

/** Every tab of the layout in page order (depth first from the root), nested ones after their parent. */
export function dashboardTabChoices(layout: DashboardLayout): DashboardTabChoice[] {
  const out: DashboardTabChoice[] = [];
  const seen = new Set<string>();
  const walk = (id: string, path: string[], labels: string[]) => {
    if (seen.has(id)) return;
    seen.add(id);
    const item = layout[id];
    if (!item) return;
    let nextPath = path;
    let nextLabels = labels;
    if (item.type === TAB_TYPE) {
      nextPath = [...path, id];
      nextLabels = [...labels, tabTitle(layout, id)];
      out.push({ id, label: nextLabels.join(TAB_PATH_SEPARATOR), path: nextPath });
    }
    for (const child of item.children) walk(child, nextPath, nextLabels);
  };
  walk(ROOT_ID, [], []);
  return out;
}

/** The tabs no other tab holds (the first tabs container's, and any other outside every tab). */
export function topLevelTabIds(layout: DashboardLayout): string[] {
  return dashboardTabChoices(layout)
    .filter((t) => t.path.length === 1)
    .map((t) => t.id);
}

/** An anchor's TAB ids: a JSON list of them, or one id. */
export function anchorTabIds(anchor: string | null | undefined): string[] {
  if (!anchor) return [];
  if (anchor.trim().startsWith('[')) {
    try {
      const list = JSON.parse(anchor) as unknown;
      if (Array.isArray(list)) return list.map(String);
    } catch {
      // not a list: one id
    }
  }
  return [anchor];
}

/** The anchor meaning "all tabs": the top-level tabs as a JSON list (null when the dashboard has none). */
export function allTabsAnchor(layout: DashboardLayout): string | null {
  const ids = topLevelTabIds(layout);
  return ids.length > 0 ? JSON.stringify(ids) : null;
}

/** Is this anchor a list of tabs (each captured in turn) rather than one? */
export const isTabListAnchor = (anchor: string | null | undefined): boolean =>
  Boolean(anchor?.trim().startsWith('[')) && anchorTabIds(anchor).length > 0;

/** The ids of `extra.dashboard` (anchor and activeTabs) that are not components of the layout. */
export function invalidTabIds(
  layout: Record<string, unknown>,
  dashboardExtra: { anchor?: string | null; activeTabs?: readonly string[] } | undefined,
): string[] {
  if (!dashboardExtra) return [];
  const wanted = [...(dashboardExtra.activeTabs ?? []), ...anchorTabIds(dashboardExtra.anchor)];
  return [...new Set(wanted.filter((id) => !Object.prototype.hasOwnProperty.call(layout, id)))];
}

/** The message of a report whose tabs are not the dashboard's (the BI server's wording). */
export const invalidTabIdsMessage = (ids: readonly string[]): string => `Invalid tab ids: ${ids.join(', ')}`;

/** The `activeTabs` that open one tab: the tabs on its way from the top (just the id when the layout lacks it). */
export function activeTabsFor(layout: DashboardLayout, tabId: string): string[] {
  return dashboardTabChoices(layout).find((t) => t.id === tabId)?.path ?? [tabId];
}
