/**
 * Every chart type the app offers shows its name, description, category and tags in the user's
 * language: the shared package declares them in English and `sharedText('visualizations', …)`
 * looks them up, by those English words (issue 30 item 4). A type's own words are in its web
 * folder's `locales/fr.json` and `de.json`; the words several types share (categories, tags of two
 * or more folders) are in the central `locales/<language>/visualizations.json` (the rule is written
 * in i18n/index.ts, `chartTypeTexts`), so a new type touches its folder only (issue 29).
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, VIZ_CATEGORIES } from '@rama/shared';
import { webVizList } from './registry';
import type { WebViz } from './types';
import en from '../locales/en/visualizations.json';
import fr from '../locales/fr/visualizations.json';
import de from '../locales/de/visualizations.json';
import { changeLanguage, sharedText } from '../i18n';

type Messages = Record<string, string>;

const central: Record<string, Messages> = { en, fr, de };
/** The languages a folder has files for: English needs none, its words are the fallback. */
const TRANSLATED = LANGUAGES.filter((language) => language !== 'en');

/** The folder files by path ('./echarts/radar/locales/fr.json'). */
const folderFiles = import.meta.glob<Messages>('./**/locales/*.json', { eager: true, import: 'default' });
const folderFile = (folder: string, language: string): Messages | undefined => folderFiles[`${folder}/locales/${language}.json`];

/** Each type's web folder ('./echarts/radar'): the folder of the `index.ts` that exports it. */
const FOLDER_OF: Map<WebViz, string> = (() => {
  const modules = import.meta.glob<Record<string, unknown>>('./**/index.ts', { eager: true });
  const found = new Map<WebViz, string>();
  for (const [path, exports] of Object.entries(modules)) {
    for (const value of Object.values(exports).flat())
      if (!found.has(value as WebViz)) found.set(value as WebViz, path.replace(/\/index\.ts$/, ''));
  }
  return found;
})();

/** The types and their folders, with each folder's types (a family folder has several). */
const TYPES = webVizList().map((viz) => ({ meta: viz.definition.meta, folder: FOLDER_OF.get(viz) ?? '?' }));
const foldersOfWord = new Map<string, Set<string>>();
for (const { meta, folder } of TYPES) {
  for (const word of [meta.name, meta.description, ...meta.tags])
    foldersOfWord.set(word, (foldersOfWord.get(word) ?? new Set()).add(folder));
}
const isCategory = (word: string): boolean => (VIZ_CATEGORIES as readonly string[]).includes(word);
const isText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

describe('chart type texts', () => {
  it('every type has its name and description in its folder, and its tags there or in the central file', () => {
    const missing: string[] = [];
    for (const language of TRANSLATED) {
      for (const { meta, folder } of TYPES) {
        const own = folderFile(folder, language) ?? {};
        for (const word of [meta.name, meta.description]) {
          if (!isText(own[word])) missing.push(`${folder}/locales/${language}.json lacks "${word}" (${meta.key})`);
        }
        for (const tag of meta.tags) {
          if (!isText(own[tag]) && !isText(central[language][tag]))
            missing.push(`${folder}/locales/${language}.json lacks the tag "${tag}" (${meta.key})`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(TYPES.length).toBeGreaterThanOrEqual(41);
  });

  it('every category is in the central file of every language', () => {
    const missing: string[] = [];
    for (const language of LANGUAGES)
      for (const category of VIZ_CATEGORIES) if (!isText(central[language][category])) missing.push(`${language}: "${category}"`);
    for (const { meta } of TYPES) if (!isCategory(meta.category)) missing.push(`${meta.key}: "${meta.category}" is not in VIZ_CATEGORIES`);
    expect(missing).toEqual([]);
  });

  it("a folder's files are French and German with the same keys, each a word of one of its types", () => {
    const problems: string[] = [];
    const folders = new Set(TYPES.map((type) => type.folder));
    for (const [path, messages] of Object.entries(folderFiles)) {
      const [, folder, language] = /^(.*)\/locales\/([^/]+)\.json$/.exec(path) ?? [];
      if (!folders.has(folder)) problems.push(`${path}: no chart type's index.ts is in ${folder}`);
      if (!(TRANSLATED as string[]).includes(language)) problems.push(`${path}: a folder has ${TRANSLATED.join(' and ')} files only`);
      for (const word of Object.keys(messages))
        if (!foldersOfWord.get(word)?.has(folder)) problems.push(`${path}: "${word}" is no text of a type in ${folder}`);
      const others = TRANSLATED.map((other) => folderFile(folder, other));
      if (
        others.some(
          (other) =>
            Object.keys(other ?? {})
              .sort()
              .join('\n') !== Object.keys(messages).sort().join('\n'),
        )
      )
        problems.push(`${path}: its keys differ from the other languages' files of ${folder}`);
    }
    expect(problems).toEqual([]);
  });

  it("the central file keeps only the shared words: no type's name or description, no tag of one folder", () => {
    const problems: string[] = [];
    for (const { meta } of TYPES) {
      for (const word of [meta.name, meta.description])
        if (word in central.en && !isCategory(word)) problems.push(`"${word}" (${meta.key}) belongs in its folder`);
      for (const tag of meta.tags)
        if (tag in central.en && !isCategory(tag) && (foldersOfWord.get(tag)?.size ?? 0) < 2)
          problems.push(`the tag "${tag}" (${meta.key}) belongs in its folder`);
    }
    expect(problems).toEqual([]);
  });

  it('a word in two places reads the same in both (the last one loaded would win)', () => {
    const problems: string[] = [];
    for (const language of TRANSLATED) {
      const seen = new Map<string, [string, string]>(
        Object.entries(central[language]).map(([word, text]) => [word, [text, 'the central file']]),
      );
      for (const [path, messages] of Object.entries(folderFiles).filter(([p]) => p.endsWith(`/${language}.json`))) {
        for (const [word, text] of Object.entries(messages)) {
          const before = seen.get(word);
          if (before && before[0] !== text) problems.push(`${language}: "${word}" is "${text}" in ${path}, "${before[0]}" in ${before[1]}`);
          seen.set(word, [text, path]);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('loading a language merges the folder files: sharedText finds the French and the German', async () => {
    expect(sharedText('visualizations', 'Radar Chart')).toBe('Radar Chart');
    await changeLanguage('fr');
    try {
      // a name and a tag of one folder, a family folder's description, a shared tag and a category
      expect(sharedText('visualizations', 'Radar Chart')).toBe('Graphique en radar');
      expect(sharedText('visualizations', 'Pie Chart')).toBe('Graphique en secteurs');
      expect(sharedText('visualizations', 'Shows how one or more metrics change over time, one line per series.')).toBe(
        'Montre l’évolution d’une ou plusieurs métriques dans le temps, une courbe par série.',
      );
      expect(sharedText('visualizations', 'Formattable')).toBe(folderFiles['./bigNumber/locales/fr.json'].Formattable);
      expect(sharedText('visualizations', 'Popular')).toBe(fr.Popular);
      expect(sharedText('visualizations', 'Part of a Whole')).toBe(fr['Part of a Whole']);
      expect(sharedText('visualizations', 'Not a chart type')).toBe('Not a chart type');
      // the renderer's own messages are still there
      expect(sharedText('visualizations', 'noResults')).toBe(fr.noResults);
      await changeLanguage('de');
      expect(sharedText('visualizations', 'Big Number')).toBe('Große Zahl');
    } finally {
      await changeLanguage('en');
    }
  });
});
