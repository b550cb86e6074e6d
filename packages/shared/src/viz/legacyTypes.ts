/**
 * The BI server's legacy visualization keys that Rama's registry does not hold (its retired NVD3
 * and deck.gl plugins and the old `viz.py` types; the ones Rama draws, like `pie` or `big_number`,
 * are in the registry): charts in exports and old metadata still carry them. Rama does not draw them
 * yet — a later issue migrates them on import, as the BI server's `migrate_viz` does — but a save
 * or an import naming one is not refused; any other unknown `viz_type` is (issue 27 item 3).
 */
import { VIZ_DEFINITIONS } from './registry.js';

export const LEGACY_VIZ_TYPES: readonly string[] = [
  // NVD3 charts the BI server replaced with ECharts ones
  'area',
  'bar',
  'bubble',
  'compare',
  'dist_bar',
  'dual_line',
  'line',
  'line_multi',
  // replaced by their `_v2` versions
  'heatmap',
  'histogram',
  'pivot_table',
  'sankey',
  'sunburst',
  'treemap',
  'directed_force',
  // retired outright
  'filter_box',
  'event_flow',
  'markup',
  'separator',
  'iframe',
  // deck.gl layers
  'deck_arc',
  'deck_contour',
  'deck_geojson',
  'deck_grid',
  'deck_heatmap',
  'deck_hex',
  'deck_multi',
  'deck_path',
  'deck_polygon',
  'deck_scatter',
  'deck_screengrid',
];

const LEGACY = new Set(LEGACY_VIZ_TYPES);

/** A `viz_type` Rama draws (the viz registry) or one of the BI server's legacy keys. */
export function isKnownVizType(vizType: string): boolean {
  return VIZ_DEFINITIONS.has(vizType) || LEGACY.has(vizType);
}

/** The message a save with any other `viz_type` answers, on the `viz_type` field. */
export const unknownVizTypeMessage = (vizType: string): string => `"${vizType}" is not a known visualization type.`;
