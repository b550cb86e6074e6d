/** The viz type gallery's pure parts: search, categories with counts, recently used types. */
import { VIZ_CATEGORIES, type VizMeta } from '@rama/shared';
import { sharedText, t } from '../i18n';

export const RECENT_VIZ_KEY = 'rama:explore-recent-viz';
export const RECENT_VIZ_MAX = 6;
/** The two categories of the gallery's own (ids; `categoryLabel` gives the text shown). */
export const ALL_CHARTS = 'All charts';
export const RECENTLY_USED = 'Recently used';

/**
 * The text shown for a category of `categoryCounts`: the gallery's own two in the user's language;
 * a chart category (declared in English by the shared package) as it is.
 */
/** A chart type's name, description or tag (declared in English by the shared package) in the reader's language. */
export function vizText(english: string): string {
  return sharedText('visualizations', english);
}

export function categoryLabel(category: string): string {
  if (category === ALL_CHARTS) return t('explore:gallery.allCharts');
  if (category === RECENTLY_USED) return t('explore:gallery.recentlyUsed');
  return sharedText('visualizations', category);
}

/** The type just used goes first; each type once; at most six. */
export function pushRecent(recent: string[], vizType: string): string[] {
  return [vizType, ...recent.filter((v) => v !== vizType)].slice(0, RECENT_VIZ_MAX);
}

export function readRecent(storage: Pick<Storage, 'getItem'> | null): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_VIZ_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string').slice(0, RECENT_VIZ_MAX) : [];
  } catch {
    return [];
  }
}

/** Search matches name, key, tags and description, case-insensitively; every word must match. */
export function matchesSearch(meta: VizMeta, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  // the reader's words and the English ones both find a type
  const english = [meta.name, meta.key, meta.description, ...meta.tags];
  const text = [...english, ...english.map(vizText)].join(' ').toLowerCase();
  return words.every((w) => text.includes(w));
}

/** The category list: all, recently used, then the categories that hold at least one type, with counts. */
export function categoryCounts(metas: VizMeta[], recent: string[]): [string, number][] {
  const known = new Set(metas.map((m) => m.key));
  const out: [string, number][] = [
    [ALL_CHARTS, metas.length],
    [RECENTLY_USED, recent.filter((r) => known.has(r)).length],
  ];
  for (const category of VIZ_CATEGORIES) {
    const n = metas.filter((m) => m.category === category).length;
    if (n > 0) out.push([category, n]);
  }
  return out;
}

/** The types shown for a category and a search (a search looks across every category). */
export function visibleTypes(metas: VizMeta[], category: string, search: string, recent: string[]): VizMeta[] {
  if (search.trim()) return metas.filter((m) => matchesSearch(m, search));
  if (category === ALL_CHARTS) return metas;
  if (category === RECENTLY_USED) return recent.map((key) => metas.find((m) => m.key === key)).filter((m): m is VizMeta => Boolean(m));
  return metas.filter((m) => m.category === category);
}
