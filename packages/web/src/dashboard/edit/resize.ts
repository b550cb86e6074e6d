/**
 * Resizing in edit mode (spec section 9 "Layout": 12 grid columns, heights in 8 px grid units): the
 * pixel sizes a resize handle snaps to, and the grid units a pixel size stands for.
 */
import {
  GRID_BASE_UNIT,
  GRID_COLUMN_COUNT,
  GRID_GUTTER_SIZE,
  GRID_MAX_ROW_UNITS,
  GRID_MIN_COLUMN_COUNT,
  GRID_MIN_ROW_UNITS,
} from '@rama/shared';
import { widthInPixels } from '../gridGeometry';

/** The widths (px) of 1…12 columns with their gutters: where a width handle stops. */
export function widthSnapPoints(columnWidth: number, minUnits = GRID_MIN_COLUMN_COUNT, maxUnits = GRID_COLUMN_COUNT): number[] {
  const points: number[] = [];
  for (let w = Math.max(1, minUnits); w <= Math.min(GRID_COLUMN_COUNT, maxUnits); w += 1) points.push(widthInPixels(w, columnWidth));
  return points;
}

/** The whole number of columns (with their gutters) closest to a pixel width, kept within min…max. */
export function widthUnitsFromPixels(px: number, columnWidth: number, minUnits: number, maxUnits: number): number {
  const units = columnWidth > 0 ? Math.round((px + GRID_GUTTER_SIZE) / (columnWidth + GRID_GUTTER_SIZE)) : minUnits;
  return Math.min(Math.max(units, minUnits), Math.max(minUnits, maxUnits));
}

/** The 8 px units closest to a pixel height, between the grid's minimum and maximum. */
export function heightUnitsFromPixels(px: number): number {
  return Math.min(Math.max(Math.round(px / GRID_BASE_UNIT), GRID_MIN_ROW_UNITS), GRID_MAX_ROW_UNITS);
}
