/** The gallery picture of this chart type. */
import { C1, C2, C3, C4, svg } from '../../thumbnails/draw';

export const sankeyThumbnail = svg(
  [
    [10, 22, 8, 20, C1],
    [22, 34, 30, 42, C1],
    [40, 48, 42, 50, C2],
    [48, 70, 52, 74, C2],
  ]
    .map(
      ([a1, a2, b1, b2, c]) =>
        `<path d="M20 ${a1} C60 ${a1} 60 ${b1} 100 ${b1} L100 ${b2} C60 ${b2} 60 ${a2} 20 ${a2} Z" fill="${c}" fill-opacity="0.35"/>`,
    )
    .join('') +
    [
      [14, 10, 24, C1],
      [14, 40, 30, C2],
      [100, 8, 12, C3],
      [100, 30, 20, C4],
      [100, 52, 22, C3],
    ]
      .map(([x, y, h, c]) => `<rect x="${x}" y="${y}" width="6" height="${h}" fill="${c}"/>`)
      .join(''),
);
