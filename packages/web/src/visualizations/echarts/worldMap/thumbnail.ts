/** The gallery picture of this chart type. */
import { C4, svg } from '../../thumbnails/draw';

export const worldMapThumbnail = svg(
  `<rect width="120" height="80" fill="#f4f6f8"/>` +
    [
      ['M10 18 L34 12 L48 16 L44 28 L36 34 L30 40 L24 36 L16 30 Z', '#5FC2DB'],
      ['M34 44 L44 44 L47 54 L41 68 L37 66 L35 54 Z', '#A5DDEC'],
      ['M54 16 L66 12 L70 20 L63 25 L56 22 Z', '#17809A'],
      ['M56 28 L70 28 L75 38 L68 55 L62 55 L58 42 Z', '#E6F6FA'],
      ['M71 12 L101 11 L111 20 L104 31 L92 35 L80 30 L73 24 Z', '#1FA8C9'],
      ['M94 50 L106 48 L110 57 L100 61 L94 56 Z', '#0F596B'],
    ]
      .map(([d, c]) => `<path d="${d}" fill="${c}" stroke="#fff" stroke-width="0.8"/>`)
      .join('') +
    `<circle cx="30" cy="25" r="8" fill="${C4}" fill-opacity="0.5" stroke="${C4}"/><circle cx="90" cy="22" r="11" fill="${C4}" fill-opacity="0.5" stroke="${C4}"/><circle cx="64" cy="40" r="4" fill="${C4}" fill-opacity="0.5" stroke="${C4}"/>`,
);
