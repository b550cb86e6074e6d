/** The gallery picture of this chart type. */
import { C2, svg, axes, line } from '../../thumbnails/draw';

export const timePivotThumbnail = svg(
  axes +
    line('M14 56 L30 50 L46 54 L62 44 L78 48 L94 40 L110 42', C2, 2).replace('stroke=', 'stroke-opacity="0.2" stroke=') +
    line('M14 48 L30 42 L46 46 L62 34 L78 40 L94 30 L110 34', C2, 2).replace('stroke=', 'stroke-opacity="0.45" stroke=') +
    line('M14 38 L30 30 L46 34 L62 20 L78 26 L94 14 L110 18', C2, 2.5),
);
