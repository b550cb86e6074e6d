/** The gallery picture of this chart type. */
import { C1, C2, svg } from '../../thumbnails/draw';

export const partitionThumbnail = svg(
  [
    [8, 8, 30, 64, '#d9d9d9', 1],
    [40, 8, 34, 36, C1, 1],
    [40, 46, 34, 26, C2, 1],
    [76, 8, 36, 20, C1, 0.8],
    [76, 30, 36, 14, C1, 0.55],
    [76, 46, 36, 16, C2, 0.8],
    [76, 64, 36, 8, C2, 0.55],
  ]
    .map(([x, y, w, h, c, o]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${c}" fill-opacity="${o}" stroke="#fff"/>`)
    .join(''),
);
