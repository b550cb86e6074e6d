/**
 * What the gallery pictures are drawn with: small inline SVGs (no files to serve), each in the
 * default scheme's first colours so the gallery reads as one family. Each chart type's folder
 * draws its own picture (`thumbnail.ts`) with these.
 */

export const C1 = '#1FA8C9';
export const C2 = '#454E7C';
export const C3 = '#5AC189';
export const C4 = '#FF7F44';
export const AXIS = '#c8ccd2';

export const svg = (body: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 80" width="120" height="80"><rect width="120" height="80" fill="#fff"/>${body}</svg>`,
  )}`;

export const axes = `<path d="M12 8 V68 H112" fill="none" stroke="${AXIS}" stroke-width="1.5"/>`;
export const line = (d: string, color: string, width = 2.5) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"/>`;

export const LINE_A = 'M14 52 L30 40 L46 46 L62 28 L78 34 L94 18 L110 24';
export const LINE_B = 'M14 62 L30 56 L46 58 L62 48 L78 52 L94 42 L110 46';

/** An annular sector centred on (cx, cy) between radii r0..r1 and angles a0..a1 (degrees, clockwise from 12 o'clock). */
export const wedge = (cx: number, cy: number, r0: number, r1: number, a0: number, a1: number, fill: string, opacity = 1): string => {
  const pt = (r: number, a: number) =>
    `${(cx + r * Math.sin((a * Math.PI) / 180)).toFixed(1)} ${(cy - r * Math.cos((a * Math.PI) / 180)).toFixed(1)}`;
  const large = a1 - a0 > 180 ? 1 : 0;
  return `<path d="M${pt(r0, a0)} L${pt(r1, a0)} A${r1} ${r1} 0 ${large} 1 ${pt(r1, a1)} L${pt(r0, a1)} A${r0} ${r0} 0 ${large} 0 ${pt(r0, a0)} Z" fill="${fill}" fill-opacity="${opacity}" stroke="#fff" stroke-width="0.8"/>`;
};
