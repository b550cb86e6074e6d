/** The gallery picture of this chart type. */
import { C1, C2, C3, svg, wedge } from '../../thumbnails/draw';

export const sunburstThumbnail = svg(
  wedge(60, 40, 8, 20, 0, 150, C1) +
    wedge(60, 40, 8, 20, 150, 260, C2) +
    wedge(60, 40, 8, 20, 260, 360, C3) +
    wedge(60, 40, 21, 34, 0, 90, C1, 0.75) +
    wedge(60, 40, 21, 34, 90, 150, C1, 0.5) +
    wedge(60, 40, 21, 34, 150, 220, C2, 0.75) +
    wedge(60, 40, 21, 34, 220, 260, C2, 0.5) +
    wedge(60, 40, 21, 34, 260, 360, C3, 0.7),
);
