/** The gallery picture of this chart type. */
import { C1, C2, C3, C4, svg } from '../../thumbnails/draw';

export const wordCloudThumbnail = svg(
  [
    [60, 44, 22, 700, C2, 'Rama'],
    [28, 24, 12, 600, C1, 'chart'],
    [92, 24, 11, 600, C3, 'words'],
    [24, 64, 10, 500, C4, 'data'],
    [94, 64, 13, 600, C1, 'cloud'],
    [60, 70, 8, 400, C3, 'metric'],
    [60, 16, 8, 400, C4, 'size'],
  ]
    .map(
      ([x, y, size, weight, c, word]) =>
        `<text x="${x}" y="${y}" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${c}">${word}</text>`,
    )
    .join(''),
);
