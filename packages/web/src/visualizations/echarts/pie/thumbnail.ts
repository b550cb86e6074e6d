/** The gallery picture of this chart type. */
import { C1, C2, C3, C4, svg } from '../../thumbnails/draw';

export const pieThumbnail = svg(
  `<g transform="translate(60 40)">` +
    `<path d="M0 0 L0 -30 A30 30 0 0 1 28.5 9.3 Z" fill="${C1}"/>` +
    `<path d="M0 0 L28.5 9.3 A30 30 0 0 1 -17.6 24.3 Z" fill="${C2}"/>` +
    `<path d="M0 0 L-17.6 24.3 A30 30 0 0 1 -28.5 -9.3 Z" fill="${C3}"/>` +
    `<path d="M0 0 L-28.5 -9.3 A30 30 0 0 1 0 -30 Z" fill="${C4}"/>` +
    `<circle r="13" fill="#fff"/></g>`,
);
