/** The gallery picture of this chart type. */
import { svg } from '../../thumbnails/draw';

export const calHeatmapThumbnail = svg(
  Array.from({ length: 15 }, (_, week) =>
    Array.from({ length: 7 }, (__, day) => {
      const shade = ['#E6F6FA', '#A5DDEC', '#5FC2DB', '#1FA8C9', '#17809A'][(week * 7 + day * 3 + ((week * day) % 4)) % 5];
      return `<rect x="${8 + week * 7.2}" y="${14 + day * 7.4}" width="6.2" height="6.4" rx="1" fill="${shade}"/>`;
    }).join(''),
  ).join('') + `<path d="M44 12 V68 M80 12 V68" stroke="#fff" stroke-width="1.5"/>`,
);
