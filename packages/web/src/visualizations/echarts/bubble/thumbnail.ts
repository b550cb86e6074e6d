/** The gallery picture of this chart type. */
import { C1, C2, C3, C4, svg, axes } from '../../thumbnails/draw';

export const bubbleThumbnail = svg(
  axes +
    [
      [30, 50, 6, C1],
      [48, 34, 11, C2],
      [70, 44, 8, C3],
      [86, 22, 13, C1],
      [100, 52, 5, C4],
      [60, 20, 4, C3],
    ]
      .map(([x, y, r, c]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}" fill-opacity="0.6" stroke="${c}"/>`)
      .join(''),
);
