/** The gallery picture of this chart type. */
import { C1, C4, AXIS, svg, line } from '../../thumbnails/draw';

export const mixedTimeseriesThumbnail = svg(
  `<path d="M12 8 V68 H108 V8" fill="none" stroke="${AXIS}" stroke-width="1.5"/>` +
    [20, 36, 52, 68, 84, 100]
      .map(
        (x, i) =>
          `<rect x="${x - 5}" y="${[44, 36, 50, 30, 40, 26][i]}" width="10" height="${68 - [44, 36, 50, 30, 40, 26][i]}" rx="1.5" fill="${C1}"/>`,
      )
      .join('') +
    line('M16 30 L32 20 L48 26 L64 14 L80 22 L96 12 L104 16', C4),
);
