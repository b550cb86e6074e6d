/** The gallery picture of this chart type. */
import { C1, svg } from '../../thumbnails/draw';

export const bulletThumbnail = svg(
  [22, 50]
    .map(
      (y, i) =>
        `<rect x="10" y="${y}" width="100" height="16" fill="#eeeeee"/><rect x="10" y="${y}" width="72" height="16" fill="#dddddd"/>` +
        `<rect x="10" y="${y}" width="44" height="16" fill="#cccccc"/><rect x="10" y="${y + 5}" width="${i ? 58 : 80}" height="6" fill="${C1}"/>` +
        `<path d="M${i ? 90 : 66} ${y - 2} V${y + 18}" stroke="#262626" stroke-width="2"/>`,
    )
    .join(''),
);
