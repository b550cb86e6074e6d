/** The gallery picture of this chart type. */
import { C1, C2, C3, C4, AXIS, svg } from '../../thumbnails/draw';

export const graphThumbnail = svg(
  `<path d="M30 24 L58 16 L86 28 L76 58 L44 50 L30 24 M44 50 L20 58 M86 28 L100 50 L76 58 M58 16 L44 50" fill="none" stroke="${AXIS}" stroke-width="1.5"/>` +
    [
      [30, 24, 6, C1],
      [58, 16, 5, C2],
      [86, 28, 7, C1],
      [44, 50, 8, C3],
      [76, 58, 6, C4],
      [100, 50, 4, C3],
      [20, 58, 4, C2],
    ]
      .map(([x, y, r, c]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/>`)
      .join(''),
);
