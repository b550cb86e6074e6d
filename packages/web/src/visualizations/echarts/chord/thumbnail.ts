/** The gallery picture of this chart type. */
import { C1, C2, C3, C4, svg, wedge } from '../../thumbnails/draw';

export const chordThumbnail = svg(
  `<path d="M46 12 Q60 40 88 30 L86 44 Q60 40 42 14 Z" fill="${C1}" fill-opacity="0.45"/>` +
    `<path d="M34 58 Q60 40 80 62 L72 67 Q60 40 30 52 Z" fill="${C2}" fill-opacity="0.45"/>` +
    `<path d="M34 24 Q60 40 68 67 L60 68 Q60 40 32 32 Z" fill="${C3}" fill-opacity="0.45"/>` +
    wedge(60, 40, 26, 31, -50, 30, C1) +
    wedge(60, 40, 26, 31, 36, 100, C4) +
    wedge(60, 40, 26, 31, 106, 200, C2) +
    wedge(60, 40, 26, 31, 206, 304, C3),
);
