/** The gallery picture of this chart type. */
import { svg } from '../../thumbnails/draw';

export const heatmapThumbnail = svg(
  [0, 1, 2, 3, 4, 5]
    .flatMap((col) =>
      [0, 1, 2, 3].map((row) => {
        const shade = ['#E6F6FA', '#A5DDEC', '#5FC2DB', '#1FA8C9', '#17809A', '#0F596B'][(col * 3 + row * 5 + ((col * row) % 3)) % 6];
        return `<rect x="${12 + col * 16.5}" y="${8 + row * 16}" width="15.5" height="15" fill="${shade}"/>`;
      }),
    )
    .join(''),
);
