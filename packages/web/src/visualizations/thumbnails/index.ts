/**
 * Gallery pictures for the viz types this folder draws: small inline SVGs (no files to serve),
 * each in the default scheme's first colours so the gallery reads as one family.
 */

const C1 = '#1FA8C9';
const C2 = '#454E7C';
const C3 = '#5AC189';
const C4 = '#FF7F44';
const AXIS = '#c8ccd2';

const svg = (body: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 80" width="120" height="80"><rect width="120" height="80" fill="#fff"/>${body}</svg>`,
  )}`;

const axes = `<path d="M12 8 V68 H112" fill="none" stroke="${AXIS}" stroke-width="1.5"/>`;
const line = (d: string, color: string, width = 2.5) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"/>`;

const LINE_A = 'M14 52 L30 40 L46 46 L62 28 L78 34 L94 18 L110 24';
const LINE_B = 'M14 62 L30 56 L46 58 L62 48 L78 52 L94 42 L110 46';

export const THUMBNAILS = {
  line: svg(axes + line(LINE_A, C1) + line(LINE_B, C2)),
  smooth: svg(
    axes +
      line('M14 52 C26 38 38 50 50 38 S74 20 86 28 S104 22 110 18', C1) +
      line('M14 62 C28 54 40 62 54 52 S80 46 94 46 S106 42 110 40', C2),
  ),
  step: svg(
    axes + line('M14 54 H30 V40 H50 V46 H66 V28 H84 V34 H100 V20 H110', C1) + line('M14 64 H34 V56 H54 V58 H72 V48 H92 V50 H110', C2),
  ),
  bar: svg(
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
  ),
  scatter: svg(
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
  ),
  area: svg(
    axes +
      `<path d="${LINE_B} V68 H14 Z" fill="${C2}" fill-opacity="0.35"/><path d="${LINE_A} L110 46 L94 42 L78 52 L62 48 L46 58 L30 56 L14 62 Z" fill="${C1}" fill-opacity="0.35"/>` +
      line(LINE_A, C1, 2) +
      line(LINE_B, C2, 2),
  ),
  timeseries: svg(
    axes +
      [20, 36, 52, 68, 84, 100]
        .map(
          (x, i) =>
            `<rect x="${x - 5}" y="${[48, 40, 52, 36, 44, 30][i]}" width="10" height="${68 - [48, 40, 52, 36, 44, 30][i]}" rx="1.5" fill="${C3}" fill-opacity="0.7"/>`,
        )
        .join('') +
      line('M14 40 L30 30 L46 36 L62 20 L78 26 L94 14 L110 18', C4),
  ),
  pie: svg(
    `<g transform="translate(60 40)">` +
      `<path d="M0 0 L0 -30 A30 30 0 0 1 28.5 9.3 Z" fill="${C1}"/>` +
      `<path d="M0 0 L28.5 9.3 A30 30 0 0 1 -17.6 24.3 Z" fill="${C2}"/>` +
      `<path d="M0 0 L-17.6 24.3 A30 30 0 0 1 -28.5 -9.3 Z" fill="${C3}"/>` +
      `<path d="M0 0 L-28.5 -9.3 A30 30 0 0 1 0 -30 Z" fill="${C4}"/>` +
      `<circle r="13" fill="#fff"/></g>`,
  ),
  bigNumberTotal: svg(
    `<text x="60" y="46" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="30" font-weight="700" fill="${C2}">12.3k</text>` +
      `<text x="60" y="62" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="9" fill="#8c8c8c">total flights</text>`,
  ),
  bigNumber: svg(
    `<text x="60" y="30" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="22" font-weight="700" fill="${C2}">4.2k</text>` +
      `<text x="60" y="42" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="8" fill="${C3}">+12.3% WoW</text>` +
      `<path d="M6 70 L22 64 L38 66 L54 58 L70 60 L86 52 L102 54 L114 48 V78 H6 Z" fill="${C1}" fill-opacity="0.25"/>` +
      line('M6 70 L22 64 L38 66 L54 58 L70 60 L86 52 L102 54 L114 48', C1, 2),
  ),
} as const;
