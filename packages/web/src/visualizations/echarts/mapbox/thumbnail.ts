/** The gallery picture of this chart type. */
import { svg } from '../../thumbnails/draw';

export const mapboxThumbnail = svg(
  `<rect width="120" height="80" fill="#dde4e8"/>` +
    `<path d="M4 14 L40 8 L78 12 L112 10 L116 44 L100 60 L70 66 L52 74 L30 62 L8 56 Z" fill="#f7f7f4" stroke="#c3c8cd"/>` +
    [
      [30, 30, 12, '128'],
      [74, 36, 16, '342'],
      [96, 24, 8, '40'],
      [50, 52, 9, '57'],
    ]
      .map(
        ([x, y, r, n]) =>
          `<circle cx="${x}" cy="${y}" r="${r}" fill="rgb(0,139,139)" fill-opacity="0.55"/><text x="${x}" y="${Number(y) + 3}" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="${Math.max(7, Number(r) * 0.55)}" font-weight="600" fill="#fff">${n}</text>`,
      )
      .join('') +
    [
      [16, 44],
      [62, 22],
      [88, 50],
      [106, 36],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="rgb(0,139,139)"/>`)
      .join(''),
);
