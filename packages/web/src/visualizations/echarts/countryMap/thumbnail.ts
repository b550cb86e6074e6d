/** The gallery picture of this chart type. */
import { svg } from '../../thumbnails/draw';

export const countryMapThumbnail = svg(
  [
    ['M10 20 H34 V36 H10 Z', '#A5DDEC'],
    ['M34 16 H58 V34 H34 Z', '#5FC2DB'],
    ['M58 18 H80 V38 H58 Z', '#17809A'],
    ['M80 14 H104 L108 30 H80 Z', '#1FA8C9'],
    ['M10 36 H34 V56 L18 54 Z', '#E6F6FA'],
    ['M34 34 H58 V58 H34 Z', '#1FA8C9'],
    ['M58 38 H80 V60 H58 Z', '#A5DDEC'],
    ['M80 30 H108 L102 52 L88 60 H80 Z', '#0F596B'],
    ['M40 58 H64 L60 70 H48 Z', '#5FC2DB'],
    ['M86 60 L96 56 L94 70 Z', '#17809A'],
  ]
    .map(([d, c]) => `<path d="${d}" fill="${c}" stroke="#fff" stroke-width="1.2"/>`)
    .join(''),
);
