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

/** An annular sector centred on (cx, cy) between radii r0..r1 and angles a0..a1 (degrees, clockwise from 12 o'clock). */
const wedge = (cx: number, cy: number, r0: number, r1: number, a0: number, a1: number, fill: string, opacity = 1): string => {
  const pt = (r: number, a: number) =>
    `${(cx + r * Math.sin((a * Math.PI) / 180)).toFixed(1)} ${(cy - r * Math.cos((a * Math.PI) / 180)).toFixed(1)}`;
  const large = a1 - a0 > 180 ? 1 : 0;
  return `<path d="M${pt(r0, a0)} L${pt(r1, a0)} A${r1} ${r1} 0 ${large} 1 ${pt(r1, a1)} L${pt(r0, a1)} A${r0} ${r0} 0 ${large} 0 ${pt(r0, a0)} Z" fill="${fill}" fill-opacity="${opacity}" stroke="#fff" stroke-width="0.8"/>`;
};

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
  mixedTimeseries: svg(
    `<path d="M12 8 V68 H108 V8" fill="none" stroke="${AXIS}" stroke-width="1.5"/>` +
      [20, 36, 52, 68, 84, 100]
        .map(
          (x, i) =>
            `<rect x="${x - 5}" y="${[44, 36, 50, 30, 40, 26][i]}" width="10" height="${68 - [44, 36, 50, 30, 40, 26][i]}" rx="1.5" fill="${C1}"/>`,
        )
        .join('') +
      line('M16 30 L32 20 L48 26 L64 14 L80 22 L96 12 L104 16', C4),
  ),
  boxPlot: svg(
    axes +
      [
        [32, 22, 34, 44, 58, C1],
        [62, 14, 26, 36, 48, C2],
        [92, 28, 40, 48, 62, C3],
      ]
        .map(
          ([x, lo, q1, q3, hi, c]) =>
            `<path d="M${x} ${lo} V${q1} M${x} ${q3} V${hi} M${Number(x) - 5} ${lo} H${Number(x) + 5} M${Number(x) - 5} ${hi} H${Number(x) + 5}" stroke="${c}" stroke-width="1.5"/>` +
            `<rect x="${Number(x) - 9}" y="${q1}" width="18" height="${Number(q3) - Number(q1)}" fill="${c}" fill-opacity="0.55" stroke="${c}" stroke-width="1.5"/>` +
            `<path d="M${Number(x) - 9} ${(Number(q1) + Number(q3)) / 2 + 2} H${Number(x) + 9}" stroke="#fff" stroke-width="1.5"/>`,
        )
        .join('') +
      `<circle cx="62" cy="8" r="2" fill="${C2}"/><circle cx="92" cy="66" r="2" fill="${C3}"/>`,
  ),
  histogram: svg(
    axes +
      [60, 50, 36, 22, 14, 18, 30, 44, 56, 62]
        .map(
          (top, i) => `<rect x="${15 + i * 9.5}" y="${top}" width="9" height="${68 - top}" fill="${C1}" stroke="#fff" stroke-width="0.5"/>`,
        )
        .join(''),
  ),
  heatmap: svg(
    [0, 1, 2, 3, 4, 5]
      .flatMap((col) =>
        [0, 1, 2, 3].map((row) => {
          const shade = ['#E6F6FA', '#A5DDEC', '#5FC2DB', '#1FA8C9', '#17809A', '#0F596B'][(col * 3 + row * 5 + ((col * row) % 3)) % 6];
          return `<rect x="${12 + col * 16.5}" y="${8 + row * 16}" width="15.5" height="15" fill="${shade}"/>`;
        }),
      )
      .join(''),
  ),
  waterfall: svg(
    axes +
      [
        [20, 40, 68, '#5AC189'],
        [36, 26, 40, '#5AC189'],
        [52, 26, 38, '#E04355'],
        [68, 16, 38, '#5AC189'],
        [84, 16, 30, '#E04355'],
        [100, 30, 68, '#666666'],
      ]
        .map(
          ([x, top, bottom, c]) =>
            `<rect x="${Number(x) - 6}" y="${top}" width="12" height="${Number(bottom) - Number(top)}" fill="${c}"/>`,
        )
        .join(''),
  ),
  bubble: svg(
    axes +
      [
        [30, 50, 6, C1],
        [48, 34, 11, C2],
        [70, 44, 8, C3],
        [86, 22, 13, C1],
        [100, 52, 5, C4],
        [60, 20, 4, C3],
      ]
        .map(([x, y, r, c]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}" fill-opacity="0.6" stroke="${c}"/>`)
        .join(''),
  ),
  wordCloud: svg(
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
  ),
  calHeatmap: svg(
    Array.from({ length: 15 }, (_, week) =>
      Array.from({ length: 7 }, (__, day) => {
        const shade = ['#E6F6FA', '#A5DDEC', '#5FC2DB', '#1FA8C9', '#17809A'][(week * 7 + day * 3 + ((week * day) % 4)) % 5];
        return `<rect x="${8 + week * 7.2}" y="${14 + day * 7.4}" width="6.2" height="6.4" rx="1" fill="${shade}"/>`;
      }).join(''),
    ).join('') + `<path d="M44 12 V68 M80 12 V68" stroke="#fff" stroke-width="1.5"/>`,
  ),
  funnel: svg(
    `<path d="M18 10 H102 L92 27 H28 Z" fill="${C1}"/>` +
      `<path d="M29 29 H91 L82 45 H38 Z" fill="${C2}"/>` +
      `<path d="M39 47 H81 L73 61 H47 Z" fill="${C3}"/>` +
      `<path d="M48 63 H72 L66 73 H54 Z" fill="${C4}"/>`,
  ),
  gauge: svg(
    `<path d="M36 76 A34 34 0 1 1 84 76" fill="none" stroke="#e8e8e8" stroke-width="8"/>` +
      `<path d="M36 76 A34 34 0 0 1 75.4 21.7" fill="none" stroke="${C1}" stroke-width="8"/>` +
      line('M60 52 L71 33', C2, 3) +
      `<circle cx="60" cy="52" r="4" fill="${C2}"/>`,
  ),
  radar: svg(
    `<path d="M60 12 L88.5 32.7 L77.6 66.3 L42.4 66.3 L31.5 32.7 Z M60 27 L74.3 37.4 L68.8 54.1 L51.2 54.1 L45.7 37.4 Z M60 42 L60 12 M60 42 L88.5 32.7 M60 42 L77.6 66.3 M60 42 L42.4 66.3 M60 42 L31.5 32.7" fill="none" stroke="${AXIS}"/>` +
      `<path d="M60 15 L77.1 36.4 L74.1 61.4 L51.2 54.2 L40.1 35.5 Z" fill="${C1}" fill-opacity="0.35" stroke="${C1}" stroke-width="1.5"/>` +
      `<path d="M60 27 L85.7 33.6 L67 51.7 L45.9 61.4 L48.6 38.3 Z" fill="${C4}" fill-opacity="0.3" stroke="${C4}" stroke-width="1.5"/>`,
  ),
  treemap: svg(
    [
      [8, 8, 58, 38, C1, 1],
      [8, 48, 58, 24, C1, 0.65],
      [68, 8, 44, 30, C2, 1],
      [68, 40, 26, 32, C3, 1],
      [96, 40, 16, 32, C4, 1],
    ]
      .map(([x, y, w, h, c, o]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${c}" fill-opacity="${o}" stroke="#fff"/>`)
      .join(''),
  ),
  sunburst: svg(
    wedge(60, 40, 8, 20, 0, 150, C1) +
      wedge(60, 40, 8, 20, 150, 260, C2) +
      wedge(60, 40, 8, 20, 260, 360, C3) +
      wedge(60, 40, 21, 34, 0, 90, C1, 0.75) +
      wedge(60, 40, 21, 34, 90, 150, C1, 0.5) +
      wedge(60, 40, 21, 34, 150, 220, C2, 0.75) +
      wedge(60, 40, 21, 34, 220, 260, C2, 0.5) +
      wedge(60, 40, 21, 34, 260, 360, C3, 0.7),
  ),
  sankey: svg(
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
  ),
  graph: svg(
    `<path d="M30 24 L58 16 L86 28 L76 58 L44 50 L30 24 M44 50 L20 58 M86 28 L100 50 L76 58 M58 16 L44 50" fill="none" stroke="${AXIS}" stroke-width="1.5"/>` +
      [
        [30, 24, 6, C1],
        [58, 16, 5, C2],
        [86, 28, 7, C1],
        [44, 50, 8, C3],
        [76, 58, 6, C4],
        [100, 50, 4, C3],
        [20, 58, 4, C2],
      ]
        .map(([x, y, r, c]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/>`)
        .join(''),
  ),
  tree: svg(
    `<path d="M16 40 C36 40 36 20 56 20 M16 40 H56 M16 40 C36 40 36 60 56 60 M56 20 C76 20 76 12 96 12 M56 20 C76 20 76 28 96 28 M56 60 C76 60 76 52 96 52 M56 60 C76 60 76 68 96 68" fill="none" stroke="${AXIS}" stroke-width="1.5"/>` +
      [
        [16, 40],
        [56, 20],
        [56, 40],
        [56, 60],
        [96, 12],
        [96, 28],
        [96, 52],
        [96, 68],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3.5" fill="#fff" stroke="${C2}" stroke-width="1.5"/>`)
        .join(''),
  ),
  rose: svg(
    [18, 26, 14, 30, 22, 16, 28, 20]
      .map((r, i) => wedge(60, 40, 0, r * 0.6, i * 45, i * 45 + 45, C1) + wedge(60, 40, r * 0.6, r + 4, i * 45, i * 45 + 45, C4, 0.8))
      .join(''),
  ),
  chord: svg(
    `<path d="M46 12 Q60 40 88 30 L86 44 Q60 40 42 14 Z" fill="${C1}" fill-opacity="0.45"/>` +
      `<path d="M34 58 Q60 40 80 62 L72 67 Q60 40 30 52 Z" fill="${C2}" fill-opacity="0.45"/>` +
      `<path d="M34 24 Q60 40 68 67 L60 68 Q60 40 32 32 Z" fill="${C3}" fill-opacity="0.45"/>` +
      wedge(60, 40, 26, 31, -50, 30, C1) +
      wedge(60, 40, 26, 31, 36, 100, C4) +
      wedge(60, 40, 26, 31, 106, 200, C2) +
      wedge(60, 40, 26, 31, 206, 304, C3),
  ),
  partition: svg(
    [
      [8, 8, 30, 64, '#d9d9d9', 1],
      [40, 8, 34, 36, C1, 1],
      [40, 46, 34, 26, C2, 1],
      [76, 8, 36, 20, C1, 0.8],
      [76, 30, 36, 14, C1, 0.55],
      [76, 46, 36, 16, C2, 0.8],
      [76, 64, 36, 8, C2, 0.55],
    ]
      .map(([x, y, w, h, c, o]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${c}" fill-opacity="${o}" stroke="#fff"/>`)
      .join(''),
  ),
  parallelCoordinates: svg(
    [16, 45, 75, 104].map((x) => `<path d="M${x} 10 V70" stroke="${AXIS}" stroke-width="1.5"/>`).join('') +
      [
        ['M16 20 L45 50 L75 24 L104 58', C1],
        ['M16 34 L45 28 L75 46 L104 22', C2],
        ['M16 52 L45 18 L75 60 L104 40', C3],
        ['M16 64 L45 40 L75 34 L104 66', C4],
      ]
        .map(([d, c]) => line(d, c, 2))
        .join(''),
  ),
  bullet: svg(
    [22, 50]
      .map(
        (y, i) =>
          `<rect x="10" y="${y}" width="100" height="16" fill="#eeeeee"/><rect x="10" y="${y}" width="72" height="16" fill="#dddddd"/>` +
          `<rect x="10" y="${y}" width="44" height="16" fill="#cccccc"/><rect x="10" y="${y + 5}" width="${i ? 58 : 80}" height="6" fill="${C1}"/>` +
          `<path d="M${i ? 90 : 66} ${y - 2} V${y + 18}" stroke="#262626" stroke-width="2"/>`,
      )
      .join(''),
  ),
  horizon: svg(
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
  ),
  pairedTTest: svg(
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
  ),
  timePivot: svg(
    axes +
      line('M14 56 L30 50 L46 54 L62 44 L78 48 L94 40 L110 42', C2, 2).replace('stroke=', 'stroke-opacity="0.2" stroke=') +
      line('M14 48 L30 42 L46 46 L62 34 L78 40 L94 30 L110 34', C2, 2).replace('stroke=', 'stroke-opacity="0.45" stroke=') +
      line('M14 38 L30 30 L46 34 L62 20 L78 26 L94 14 L110 18', C2, 2.5),
  ),
  timeTable: svg(
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
  ),
  handlebars: svg(
    `<text x="10" y="34" font-family="Menlo, monospace" font-size="22" font-weight="700" fill="${C2}">{{ }}</text>` +
      [46, 56, 66]
        .map(
          (y, i) =>
            `<circle cx="14" cy="${y}" r="2.5" fill="${C1}"/><rect x="22" y="${y - 3}" width="${[70, 54, 80][i]}" height="6" rx="2" fill="#c8ccd2"/>`,
        )
        .join(''),
  ),
  worldMap: svg(
    `<rect width="120" height="80" fill="#f4f6f8"/>` +
      [
        ['M10 18 L34 12 L48 16 L44 28 L36 34 L30 40 L24 36 L16 30 Z', '#5FC2DB'],
        ['M34 44 L44 44 L47 54 L41 68 L37 66 L35 54 Z', '#A5DDEC'],
        ['M54 16 L66 12 L70 20 L63 25 L56 22 Z', '#17809A'],
        ['M56 28 L70 28 L75 38 L68 55 L62 55 L58 42 Z', '#E6F6FA'],
        ['M71 12 L101 11 L111 20 L104 31 L92 35 L80 30 L73 24 Z', '#1FA8C9'],
        ['M94 50 L106 48 L110 57 L100 61 L94 56 Z', '#0F596B'],
      ]
        .map(([d, c]) => `<path d="${d}" fill="${c}" stroke="#fff" stroke-width="0.8"/>`)
        .join('') +
      `<circle cx="30" cy="25" r="8" fill="${C4}" fill-opacity="0.5" stroke="${C4}"/><circle cx="90" cy="22" r="11" fill="${C4}" fill-opacity="0.5" stroke="${C4}"/><circle cx="64" cy="40" r="4" fill="${C4}" fill-opacity="0.5" stroke="${C4}"/>`,
  ),
  countryMap: svg(
    [
      ['M10 20 H34 V36 H10 Z', '#A5DDEC'],
      ['M34 16 H58 V34 H34 Z', '#5FC2DB'],
      ['M58 18 H80 V38 H58 Z', '#17809A'],
      ['M80 14 H104 L108 30 H80 Z', '#1FA8C9'],
      ['M10 36 H34 V56 L18 54 Z', '#E6F6FA'],
      ['M34 34 H58 V58 H34 Z', '#1FA8C9'],
      ['M58 38 H80 V60 H58 Z', '#A5DDEC'],
      ['M80 30 H108 L102 52 L88 60 H80 Z', '#0F596B'],
      ['M40 58 H64 L60 70 H48 Z', '#5FC2DB'],
      ['M86 60 L96 56 L94 70 Z', '#17809A'],
    ]
      .map(([d, c]) => `<path d="${d}" fill="${c}" stroke="#fff" stroke-width="1.2"/>`)
      .join(''),
  ),
  mapbox: svg(
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
  ),
} as const;
