/**
 * What the region maps share when laying out an option: the colour of shapes without data, the
 * gradient legend of a sequential scheme with the metric's range under it, and the geo component's
 * place in the room the legend leaves. Pure.
 */
import { fitMapView, getSequentialScheme, type GeoBounds, type MapProjection } from '@rama/shared';

/** Shapes without a value. */
export const NO_DATA_COLOR = '#e3e5e8';
export const BORDER_COLOR = '#ffffff';
export const HOVER_BORDER_COLOR = '#3b3f45';

const LEGEND_WIDTH = 140;
/** Room kept under the map for the legend. */
export const LEGEND_HEIGHT = 30;

/** A bar of the scheme's colours from `min` to `max`, bottom left, with both ends written under it. */
export function gradientLegend(schemeId: string | null, min: string, max: string, height: number): Record<string, unknown> {
  const colors = getSequentialScheme(schemeId).colors;
  const text = (x: number, value: string, align: 'left' | 'right') => ({
    type: 'text',
    x,
    y: 12,
    silent: true,
    style: { text: value, fill: '#555', fontSize: 11, align },
  });
  return {
    type: 'group',
    left: 12,
    top: Math.max(0, height - LEGEND_HEIGHT + 2),
    silent: true,
    children: [
      {
        type: 'rect',
        shape: { x: 0, y: 0, width: LEGEND_WIDTH, height: 8, r: 2 },
        style: {
          fill: {
            type: 'linear',
            x: 0,
            y: 0,
            x2: 1,
            y2: 0,
            colorStops: colors.map((color, i) => ({ offset: i / Math.max(1, colors.length - 1), color })),
          },
        },
      },
      text(0, min, 'left'),
      text(LEGEND_WIDTH, max, 'right'),
    ],
  };
}

/** The geo component's projection, bounds and size to show `bounds` as large as the box allows. */
export function geoPlacement(projection: MapProjection, bounds: GeoBounds, width: number, height: number, bottomRoom: number) {
  const view = fitMapView(projection, bounds, width, height - bottomRoom, 8);
  return {
    projection: { project: projection.project, unproject: projection.unproject },
    boundingCoords: view.boundingCoords,
    layoutCenter: [width / 2, (height - bottomRoom) / 2],
    layoutSize: view.layoutSize,
  };
}
