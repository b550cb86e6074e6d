/**
 * The gallery (issue 15): an example chart of every chart type the spec lists, and the "All chart
 * types" dashboard that holds one chart per type, in tabs by the gallery's categories.
 */
import { VIZ_CATEGORIES, VIZ_DEFINITIONS, getVizDefinition } from '@rama/shared';
import type { ExampleChart, ExampleDashboard, LayoutNode } from '../types.js';

/**
 * The gallery's own examples, added to the example charts: the example each chart type declares
 * in its shared folder (viz/<type>/example.ts), in the registry's order.
 */
export const GALLERY_CHARTS: readonly ExampleChart[] = [...VIZ_DEFINITIONS.values()].flatMap(({ meta, example }) =>
  example ? [{ ...example, vizType: meta.key }] : [],
);

/** Charts per row, and their height in grid units, by category (big numbers are small). */
const PER_ROW = 2;
const HEIGHT = 50;
const KPI_PER_ROW = 3;
const KPI_HEIGHT = 30;

/** One chart per viz type: the gallery's example when there is one, else the first example of that type. */
export function chartPerType(charts: readonly ExampleChart[]): ExampleChart[] {
  const byType = new Map<string, ExampleChart>();
  for (const c of charts) {
    const current = byType.get(c.vizType);
    if (!current || (c.key.startsWith('gallery-') && !current.key.startsWith('gallery-'))) byType.set(c.vizType, c);
  }
  return [...byType.values()];
}

/** The "All chart types" dashboard over `charts` (every example chart). */
export function galleryDashboard(charts: readonly ExampleChart[]): ExampleDashboard {
  const perType = chartPerType(charts);
  const tabs = VIZ_CATEGORIES.flatMap((category) => {
    const members = perType
      .filter((c) => getVizDefinition(c.vizType)?.meta.category === category)
      .sort((a, b) => a.vizType.localeCompare(b.vizType));
    if (!members.length) return [];
    const perRow = category === 'KPI' ? KPI_PER_ROW : PER_ROW;
    const height = category === 'KPI' ? KPI_HEIGHT : HEIGHT;
    const slug = category.toLowerCase().replace(/[^a-z]+/g, '-');
    const rows: LayoutNode[] = [];
    for (let i = 0; i < members.length; i += perRow) {
      rows.push({
        type: 'ROW',
        id: `ROW-gallery-${slug}-${i / perRow}`,
        children: members.slice(i, i + perRow).map((c) => ({ type: 'CHART', chart: c.key, width: 12 / perRow, height })),
      });
    }
    return [{ id: `TAB-gallery-${slug}`, title: category, children: rows }];
  });
  return {
    key: 'gallery',
    title: 'All chart types',
    slug: 'all_chart_types',
    colorScheme: 'supersetColors',
    layout: [{ type: 'TABS', id: 'TABS-gallery', tabs }],
  };
}
