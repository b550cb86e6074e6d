/** The gallery picture of this chart type. */
import { C1, C2, svg, line } from '../../thumbnails/draw';

export const gaugeThumbnail = svg(
  `<path d="M36 76 A34 34 0 1 1 84 76" fill="none" stroke="#e8e8e8" stroke-width="8"/>` +
    `<path d="M36 76 A34 34 0 0 1 75.4 21.7" fill="none" stroke="${C1}" stroke-width="8"/>` +
    line('M60 52 L71 33', C2, 3) +
    `<circle cx="60" cy="52" r="4" fill="${C2}"/>`,
);
