/** The gallery pictures of the timeseries family, one per type. */
import { C1, C2, C3, C4, svg, axes, line, LINE_A, LINE_B } from '../../thumbnails/draw';

export const lineThumbnail = svg(axes + line(LINE_A, C1) + line(LINE_B, C2));

export const smoothThumbnail = svg(
  axes +
    line('M14 52 C26 38 38 50 50 38 S74 20 86 28 S104 22 110 18', C1) +
    line('M14 62 C28 54 40 62 54 52 S80 46 94 46 S106 42 110 40', C2),
);

export const stepThumbnail = svg(
  axes + line('M14 54 H30 V40 H50 V46 H66 V28 H84 V34 H100 V20 H110', C1) + line('M14 64 H34 V56 H54 V58 H72 V48 H92 V50 H110', C2),
);

export const barThumbnail = svg(
  axes +
    [
      [20, 36],
      [36, 22],
      [52, 44],
      [68, 16],
      [84, 30],
      [100, 40],
    ]
      .map(([x, top], i) => `<rect x="${x - 5}" y="${top}" width="10" height="${68 - top}" rx="1.5" fill="${i % 2 ? C2 : C1}"/>`)
      .join(''),
);

export const scatterThumbnail = svg(
  axes +
    [
      [22, 50, C1],
      [30, 40, C2],
      [40, 46, C1],
      [48, 30, C3],
      [58, 38, C2],
      [66, 24, C1],
      [76, 32, C3],
      [84, 18, C2],
      [96, 26, C1],
      [104, 14, C3],
      [36, 58, C3],
      [70, 50, C2],
    ]
      .map(([x, y, c]) => `<circle cx="${x}" cy="${y}" r="3.5" fill="${c}" fill-opacity="0.85"/>`)
      .join(''),
);

export const areaThumbnail = svg(
  axes +
    `<path d="${LINE_B} V68 H14 Z" fill="${C2}" fill-opacity="0.35"/><path d="${LINE_A} L110 46 L94 42 L78 52 L62 48 L46 58 L30 56 L14 62 Z" fill="${C1}" fill-opacity="0.35"/>` +
    line(LINE_A, C1, 2) +
    line(LINE_B, C2, 2),
);

export const timeseriesThumbnail = svg(
  axes +
    [20, 36, 52, 68, 84, 100]
      .map(
        (x, i) =>
          `<rect x="${x - 5}" y="${[48, 40, 52, 36, 44, 30][i]}" width="10" height="${68 - [48, 40, 52, 36, 44, 30][i]}" rx="1.5" fill="${C3}" fill-opacity="0.7"/>`,
      )
      .join('') +
    line('M14 40 L30 30 L46 36 L62 20 L78 26 L94 14 L110 18', C4),
);
