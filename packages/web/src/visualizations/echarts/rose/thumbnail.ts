/** The gallery picture of this chart type. */
import { C1, C4, svg, wedge } from '../../thumbnails/draw';

export const roseThumbnail = svg(
  [18, 26, 14, 30, 22, 16, 28, 20]
    .map((r, i) => wedge(60, 40, 0, r * 0.6, i * 45, i * 45 + 45, C1) + wedge(60, 40, r * 0.6, r + 4, i * 45, i * 45 + 45, C4, 0.8))
    .join(''),
);
