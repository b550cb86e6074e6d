/**
 * Grid geometry (spec section 9 "Layout"): 12 columns with 16 px gutters, heights in 8 px units.
 * A component `w` columns wide spans w column widths and the w − 1 gutters between them, wherever
 * it is nested (widths are always in grid columns).
 */
import { GRID_BASE_UNIT, GRID_COLUMN_COUNT, GRID_GUTTER_SIZE, ROW_TYPE, TABS_TYPE } from '@rama/shared';

/** The width of one grid column: the grid width less the 11 gutters, over 12. */
export function gridColumnWidth(gridWidth: number): number {
  return Math.max(0, (gridWidth - (GRID_COLUMN_COUNT - 1) * GRID_GUTTER_SIZE) / GRID_COLUMN_COUNT);
}

/** A component's pixel width from its width in grid columns. */
export function widthInPixels(units: number, columnWidth: number): number {
  const w = Math.max(1, Math.min(GRID_COLUMN_COUNT, units));
  return Math.floor(w * columnWidth + (w - 1) * GRID_GUTTER_SIZE);
}

/** A component's pixel height from its height in grid units (8 px). */
export function heightInPixels(units: number): number {
  return Math.max(0, Math.round(units)) * GRID_BASE_UNIT;
}

/** The chart card's chrome: padding all round and the title bar. */
export const CHART_CARD_PADDING = 12;
export const CHART_HEADER_HEIGHT = 32;

/** The drawing area inside a chart card of the given outer size (never negative). */
export function chartAreaSize(outer: { width: number; height: number }, extraHeight = 0): { width: number; height: number } {
  return {
    width: Math.max(0, Math.floor(outer.width - 2 * CHART_CARD_PADDING)),
    height: Math.max(0, Math.floor(outer.height - 2 * CHART_CARD_PADDING - CHART_HEADER_HEIGHT - extraHeight)),
  };
}

export type Orientation = 'row' | 'column';

/** How a component sits among its siblings: side by side in a row or a tabs bar ('column'), else stacked ('row'). */
export function orientationIn(parentType: string): Orientation {
  return parentType === ROW_TYPE || parentType === TABS_TYPE ? 'column' : 'row';
}
