/** The gallery picture of this chart type. */
import { C1, C2, svg } from '../thumbnails/draw';

export const handlebarsThumbnail = svg(
  `<text x="10" y="34" font-family="Menlo, monospace" font-size="22" font-weight="700" fill="${C2}">{{ }}</text>` +
    [46, 56, 66]
      .map(
        (y, i) =>
          `<circle cx="14" cy="${y}" r="2.5" fill="${C1}"/><rect x="22" y="${y - 3}" width="${[70, 54, 80][i]}" height="6" rx="2" fill="#c8ccd2"/>`,
      )
      .join(''),
);
