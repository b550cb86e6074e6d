/** The gallery picture of this chart type. */
import { C1, svg, line } from '../thumbnails/draw';

export const timeTableThumbnail = svg(
  [14, 34, 54]
    .map(
      (y, i) =>
        `<rect x="8" y="${y + 4}" width="22" height="6" rx="2" fill="#c8ccd2"/>` +
        line(
          ['M38 22 L48 16 L58 20 L68 14 L78 16', 'M38 38 L48 42 L58 36 L68 40 L78 35', 'M38 56 L48 60 L58 58 L68 62 L78 55'][i],
          C1,
          1.8,
        ) +
        `<rect x="88" y="${y + 4}" width="24" height="6" rx="2" fill="${i === 1 ? '#ca0020' : '#0571b0'}"/>`,
    )
    .join('') + `<path d="M6 30 H114 M6 50 H114" stroke="#edf0f2"/>`,
);
