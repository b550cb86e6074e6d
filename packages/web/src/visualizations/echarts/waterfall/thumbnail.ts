/** The gallery picture of this chart type. */
import { svg, axes } from '../../thumbnails/draw';

export const waterfallThumbnail = svg(
  axes +
    [
      [20, 40, 68, '#5AC189'],
      [36, 26, 40, '#5AC189'],
      [52, 26, 38, '#E04355'],
      [68, 16, 38, '#5AC189'],
      [84, 16, 30, '#E04355'],
      [100, 30, 68, '#666666'],
    ]
      .map(
        ([x, top, bottom, c]) => `<rect x="${Number(x) - 6}" y="${top}" width="12" height="${Number(bottom) - Number(top)}" fill="${c}"/>`,
      )
      .join(''),
);
