/** The gallery picture of this chart type. */
import { C1, C2, C3, C4, svg } from '../../thumbnails/draw';

export const funnelThumbnail = svg(
  `<path d="M18 10 H102 L92 27 H28 Z" fill="${C1}"/>` +
    `<path d="M29 29 H91 L82 45 H38 Z" fill="${C2}"/>` +
    `<path d="M39 47 H81 L73 61 H47 Z" fill="${C3}"/>` +
    `<path d="M48 63 H72 L66 73 H54 Z" fill="${C4}"/>`,
);
