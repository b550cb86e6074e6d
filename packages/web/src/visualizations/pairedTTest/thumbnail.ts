/** The gallery picture of this chart type. */
import { C3, svg } from '../thumbnails/draw';

export const pairedTTestThumbnail = svg(
  `<rect x="8" y="10" width="104" height="12" fill="#eef1f3"/>` +
    [28, 42, 56]
      .map(
        (y, i) =>
          `<rect x="12" y="${y}" width="30" height="6" rx="2" fill="#c8ccd2"/>` +
          `<rect x="52" y="${y}" width="22" height="6" rx="2" fill="${i === 0 ? '#1677ff' : '#c8ccd2'}"/>` +
          `<rect x="82" y="${y}" width="24" height="6" rx="2" fill="${i === 0 ? '#1677ff' : i === 1 ? C3 : '#cf1322'}"/>`,
      )
      .join('') +
    `<path d="M8 36 H112 M8 50 H112 M8 64 H112" stroke="#edf0f2"/>`,
);
