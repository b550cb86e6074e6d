/** The gallery pictures of the big number and the big number with trendline. */
import { C1, C2, C3, svg, line } from '../thumbnails/draw';

export const bigNumberTotalThumbnail = svg(
  `<text x="60" y="46" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="30" font-weight="700" fill="${C2}">12.3k</text>` +
    `<text x="60" y="62" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="9" fill="#8c8c8c">total flights</text>`,
);

export const bigNumberThumbnail = svg(
  `<text x="60" y="30" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="22" font-weight="700" fill="${C2}">4.2k</text>` +
    `<text x="60" y="42" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="8" fill="${C3}">+12.3% WoW</text>` +
    `<path d="M6 70 L22 64 L38 66 L54 58 L70 60 L86 52 L102 54 L114 48 V78 H6 Z" fill="${C1}" fill-opacity="0.25"/>` +
    line('M6 70 L22 64 L38 66 L54 58 L70 60 L86 52 L102 54 L114 48', C1, 2),
);
