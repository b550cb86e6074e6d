/** The gallery picture of this chart type. */
import { C2, AXIS, svg } from '../../thumbnails/draw';

export const treeThumbnail = svg(
  `<path d="M16 40 C36 40 36 20 56 20 M16 40 H56 M16 40 C36 40 36 60 56 60 M56 20 C76 20 76 12 96 12 M56 20 C76 20 76 28 96 28 M56 60 C76 60 76 52 96 52 M56 60 C76 60 76 68 96 68" fill="none" stroke="${AXIS}" stroke-width="1.5"/>` +
    [
      [16, 40],
      [56, 20],
      [56, 40],
      [56, 60],
      [96, 12],
      [96, 28],
      [96, 52],
      [96, 68],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3.5" fill="#fff" stroke="${C2}" stroke-width="1.5"/>`)
      .join(''),
);
