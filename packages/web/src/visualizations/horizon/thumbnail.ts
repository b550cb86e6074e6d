/** The gallery picture of this chart type. */
import { svg } from '../thumbnails/draw';

export const horizonThumbnail = svg(
  [8, 26, 44, 62]
    .map(
      (y, r) =>
        `<rect x="6" y="${y}" width="108" height="16" fill="#f5f5f5"/>` +
        [8, 4, 10, 14, 6, 12, 16, 9, 5, 11, 15, 7]
          .map((h, i) => {
            const v = (h + r * 3) % 17;
            const c = v > 11 ? '#f46d43' : v > 6 ? '#fdae61' : '#fee090';
            return `<rect x="${6 + i * 9}" y="${y + 16 - Math.max(3, v)}" width="9" height="${Math.max(3, v)}" fill="${c}"/>`;
          })
          .join(''),
    )
    .join(''),
);
