/** The gallery picture of this chart type. */
import { C1, C2, C3, C4, svg } from '../../thumbnails/draw';

export const treemapThumbnail = svg(
  [
    [8, 8, 58, 38, C1, 1],
    [8, 48, 58, 24, C1, 0.65],
    [68, 8, 44, 30, C2, 1],
    [68, 40, 26, 32, C3, 1],
    [96, 40, 16, 32, C4, 1],
  ]
    .map(([x, y, w, h, c, o]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${c}" fill-opacity="${o}" stroke="#fff"/>`)
    .join(''),
);
