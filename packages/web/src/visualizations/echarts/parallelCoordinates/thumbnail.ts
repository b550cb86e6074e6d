/** The gallery picture of this chart type. */
import { C1, C2, C3, C4, AXIS, svg, line } from '../../thumbnails/draw';

export const parallelCoordinatesThumbnail = svg(
  [16, 45, 75, 104].map((x) => `<path d="M${x} 10 V70" stroke="${AXIS}" stroke-width="1.5"/>`).join('') +
    [
      ['M16 20 L45 50 L75 24 L104 58', C1],
      ['M16 34 L45 28 L75 46 L104 22', C2],
      ['M16 52 L45 18 L75 60 L104 40', C3],
      ['M16 64 L45 40 L75 34 L104 66', C4],
    ]
      .map(([d, c]) => line(d, c, 2))
      .join(''),
);
