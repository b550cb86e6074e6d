/**
 * The gallery pictures in the dark look: the same drawings with their neutral greys re-ramped from
 * the dark surface (white paper becomes the card, light grid lines dim lines, dark ink light ink)
 * and their colours lifted to stand out from the surface (WCAG 3:1 for graphics), as the charts are.
 */
import { AA_GRAPHICS, contrastRatio, lightenForContrast, parseColor, THEME_TOKENS, toHex, type ThemeMode } from '@rama/shared';
import { useThemeMode } from '../../core/ThemeProvider';
import { currentLanguage, t } from '../../i18n';
import { getWebViz } from '../registry';

const T = THEME_TOKENS.dark;
const SURFACE = parseColor(T.surface)!;
const INK = parseColor(T.text)!;

function darkColor(color: string): string {
  const rgb = parseColor(color);
  if (!rgb) return color;
  const [r, g, b] = rgb;
  if (Math.max(r, g, b) - Math.min(r, g, b) < 32) {
    // a neutral: its darkness becomes its distance from the dark surface toward the light ink
    const t = 1 - (Math.max(r, g, b) + Math.min(r, g, b)) / 510;
    return toHex([0, 1, 2].map((i) => SURFACE[i] + (INK[i] - SURFACE[i]) * t) as [number, number, number]);
  }
  return contrastRatio(color, T.surface) >= AA_GRAPHICS ? color : lightenForContrast(color, T.surface, AA_GRAPHICS);
}

const COLOR = /#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b|rgb\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)/g;
const cache = new Map<string, string>();

/** A `data:image/svg+xml` picture redrawn for the dark look (other pictures come back as they are). */
export function darkThumbnail(uri: string): string {
  const comma = uri.indexOf(',');
  if (!uri.startsWith('data:image/svg+xml') || comma < 0) return uri;
  let out = cache.get(uri);
  if (!out) {
    const svg = decodeURIComponent(uri.slice(comma + 1)).replace(COLOR, darkColor);
    out = `${uri.slice(0, comma + 1)}${encodeURIComponent(svg)}`;
    cache.set(uri, out);
  }
  return out;
}

export function themedThumbnail(uri: string | undefined, mode: ThemeMode): string | undefined {
  return uri && mode === 'dark' ? darkThumbnail(uri) : uri;
}

/** The sample words some pictures draw (a big number's caption, a word cloud's words), by their language file keys. */
const PICTURE_WORDS: Record<string, string> = {
  'total flights': 'visualizations:thumbnail.totalFlights',
  '+12.3% WoW': 'visualizations:thumbnail.weekOverWeek',
  chart: 'visualizations:thumbnail.chart',
  words: 'visualizations:thumbnail.words',
  data: 'visualizations:thumbnail.data',
  cloud: 'visualizations:thumbnail.cloud',
  metric: 'visualizations:thumbnail.metric',
  size: 'visualizations:thumbnail.size',
};
const PICTURE_TEXT = />([^<>]+)<\/text>/g;
const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const localized = new Map<string, string>();

/** A `data:image/svg+xml` picture with its sample words in the user's language (English: as drawn). */
export function localizedThumbnail(uri: string): string {
  const language = currentLanguage();
  const comma = uri.indexOf(',');
  if (language === 'en' || !uri.startsWith('data:image/svg+xml') || comma < 0) return uri;
  const key = `${language} ${uri}`;
  let out = localized.get(key);
  if (!out) {
    const svg = decodeURIComponent(uri.slice(comma + 1)).replace(PICTURE_TEXT, (whole, word: string) =>
      PICTURE_WORDS[word] ? `>${escapeXml(t(PICTURE_WORDS[word]))}</text>` : whole,
    );
    out = `${uri.slice(0, comma + 1)}${encodeURIComponent(svg)}`;
    localized.set(key, out);
  }
  return out;
}

/** A viz type's gallery picture in the look and the language drawn now. */
export function useVizThumbnail(vizType: string): string | undefined {
  const uri = getWebViz(vizType)?.thumbnail;
  return themedThumbnail(uri && localizedThumbnail(uri), useThemeMode());
}
