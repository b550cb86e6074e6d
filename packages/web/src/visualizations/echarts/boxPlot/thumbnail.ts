/** The gallery picture of this chart type. */
import { C1, C2, C3, svg, axes } from '../../thumbnails/draw';

export const boxPlotThumbnail = svg(
  axes +
    [
      [32, 22, 34, 44, 58, C1],
      [62, 14, 26, 36, 48, C2],
      [92, 28, 40, 48, 62, C3],
    ]
      .map(
        ([x, lo, q1, q3, hi, c]) =>
          `<path d="M${x} ${lo} V${q1} M${x} ${q3} V${hi} M${Number(x) - 5} ${lo} H${Number(x) + 5} M${Number(x) - 5} ${hi} H${Number(x) + 5}" stroke="${c}" stroke-width="1.5"/>` +
          `<rect x="${Number(x) - 9}" y="${q1}" width="18" height="${Number(q3) - Number(q1)}" fill="${c}" fill-opacity="0.55" stroke="${c}" stroke-width="1.5"/>` +
          `<path d="M${Number(x) - 9} ${(Number(q1) + Number(q3)) / 2 + 2} H${Number(x) + 9}" stroke="#fff" stroke-width="1.5"/>`,
      )
      .join('') +
    `<circle cx="62" cy="8" r="2" fill="${C2}"/><circle cx="92" cy="66" r="2" fill="${C3}"/>`,
);
