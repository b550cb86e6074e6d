/**
 * Rama's two looks as named colour tokens (the web app's CSS variables `--rama-<token>` and antd's
 * seed tokens come from these), the rule that picks the look, and the dark tuning of chart palettes.
 */
import type { ThemeChoice } from '../api/preferences.js';
import { AA_TEXT, lightenForContrast, parseColor } from './contrast.js';

export type ThemeMode = 'light' | 'dark';

export interface ThemeTokens {
  /** the page behind cards and panels */
  'bg-layout': string;
  /** cards, panels, tables, the editor, charts */
  surface: string;
  /** headers of tables, gutters, quiet boxes inside a surface */
  'surface-subtle': string;
  /** hovered rows, chips, pressed toggles */
  fill: string;
  border: string;
  'border-strong': string;
  text: string;
  'text-secondary': string;
  'text-muted': string;
  /** the brand colour as ink: links, active tabs, focus borders (a solid brand button keeps BRAND) */
  brand: string;
  'brand-strong': string;
  'brand-soft': string;
  accent: string;
  'info-soft': string;
  error: string;
  'error-soft': string;
  success: string;
  'success-soft': string;
  warning: string;
  'warning-soft': string;
  /** a chart's axis labels, legend, titles and data labels outside shapes */
  'chart-text': string;
  'chart-axis': string;
  'chart-split': string;
  /** the tooltip box over a chart */
  'chart-tooltip': string;
}

/** The solid brand colour (primary buttons, the wordmark): the same in both looks. */
export const BRAND = '#1f7a8c';

export const THEME_TOKENS: Record<ThemeMode, ThemeTokens> = {
  light: {
    'bg-layout': '#f5f7f8',
    surface: '#ffffff',
    'surface-subtle': '#fafbfc',
    fill: '#edf0f2',
    border: '#e5e9ec',
    'border-strong': '#d9dee2',
    text: '#1f2a30',
    'text-secondary': '#4d5b63',
    'text-muted': '#5f6b73',
    brand: '#1f7a8c',
    'brand-strong': '#14525e',
    'brand-soft': '#e6f2f4',
    accent: '#1668dc',
    'info-soft': '#e6f4ff',
    error: '#cf1322',
    'error-soft': '#fff1f0',
    success: '#2f855a',
    'success-soft': '#f6ffed',
    warning: '#975a00',
    'warning-soft': '#fffbe6',
    'chart-text': '#4d5b63',
    'chart-axis': '#c8ccd2',
    'chart-split': '#edf0f2',
    'chart-tooltip': '#ffffff',
  },
  // designed, not inverted: blue-grey surfaces one step apart, text a little off white, the brand
  // teal lifted so it reads as ink on the dark surfaces, soft tints as deep tones of the same hues
  dark: {
    'bg-layout': '#0e1316',
    surface: '#161d21',
    'surface-subtle': '#1b2327',
    fill: '#243036',
    border: '#2a353b',
    'border-strong': '#3a474e',
    text: '#e4eaed',
    'text-secondary': '#b4c0c6',
    'text-muted': '#93a1a8',
    brand: '#5bbdd0',
    'brand-strong': '#9ad8e4',
    'brand-soft': '#15373f',
    accent: '#5a9dff',
    'info-soft': '#112a45',
    error: '#ff7875',
    'error-soft': '#2c1618',
    success: '#6cc58f',
    'success-soft': '#162b1d',
    warning: '#e8b339',
    'warning-soft': '#2b2611',
    'chart-text': '#c3cdd2',
    'chart-axis': '#4a565d',
    'chart-split': '#263036',
    'chart-tooltip': '#1f282d',
  },
};

/** The text tokens and the surfaces they are drawn on: every pair must reach WCAG AA (4.5:1). */
export const TEXT_PAIRS: readonly [keyof ThemeTokens, keyof ThemeTokens][] = [
  ['text', 'bg-layout'],
  ['text', 'surface'],
  ['text', 'surface-subtle'],
  ['text', 'fill'],
  ['text-secondary', 'surface'],
  ['text-secondary', 'surface-subtle'],
  ['text-muted', 'surface'],
  ['text-muted', 'bg-layout'],
  ['brand', 'surface'],
  ['brand', 'bg-layout'],
  ['brand-strong', 'brand-soft'],
  ['accent', 'surface'],
  ['error', 'surface'],
  ['error', 'error-soft'],
  ['success', 'surface'],
  ['warning', 'surface'],
  ['chart-text', 'surface'],
  ['chart-text', 'chart-tooltip'],
];

/**
 * The look to draw: a forced look first (a report capture, a dashboard with its own CSS, both made
 * for the light look), then the user's choice, and "system" follows the operating system.
 */
export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean, forced: ThemeMode | null = null): ThemeMode {
  if (forced) return forced;
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

const paletteCache = new Map<string, string>();

/**
 * A categorical palette colour as the dark look draws it: the same hue, lightened until a label in
 * that colour reads on the chart surface (AA for text, 4.5:1). Colours that already do are kept.
 */
export function darkPaletteColor(color: string): string {
  const key = color.toLowerCase();
  let tuned = paletteCache.get(key);
  if (tuned === undefined) {
    tuned = parseColor(color) ? lightenForContrast(color, THEME_TOKENS.dark.surface, AA_TEXT) : color;
    paletteCache.set(key, tuned);
  }
  return tuned;
}
