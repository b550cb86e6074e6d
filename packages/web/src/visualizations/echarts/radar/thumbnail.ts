/** The gallery picture of this chart type. */
import { C1, C4, AXIS, svg } from '../../thumbnails/draw';

export const radarThumbnail = svg(
  `<path d="M60 12 L88.5 32.7 L77.6 66.3 L42.4 66.3 L31.5 32.7 Z M60 27 L74.3 37.4 L68.8 54.1 L51.2 54.1 L45.7 37.4 Z M60 42 L60 12 M60 42 L88.5 32.7 M60 42 L77.6 66.3 M60 42 L42.4 66.3 M60 42 L31.5 32.7" fill="none" stroke="${AXIS}"/>` +
    `<path d="M60 15 L77.1 36.4 L74.1 61.4 L51.2 54.2 L40.1 35.5 Z" fill="${C1}" fill-opacity="0.35" stroke="${C1}" stroke-width="1.5"/>` +
    `<path d="M60 27 L85.7 33.6 L67 51.7 L45.9 61.4 L48.6 38.3 Z" fill="${C4}" fill-opacity="0.3" stroke="${C4}" stroke-width="1.5"/>`,
);
