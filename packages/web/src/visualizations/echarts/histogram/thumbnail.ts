/** The gallery picture of this chart type. */
import { C1, svg, axes } from '../../thumbnails/draw';

export const histogramThumbnail = svg(
  axes +
    [60, 50, 36, 22, 14, 18, 30, 44, 56, 62]
      .map(
        (top, i) => `<rect x="${15 + i * 9.5}" y="${top}" width="9" height="${68 - top}" fill="${C1}" stroke="#fff" stroke-width="0.5"/>`,
      )
      .join(''),
);
