/**
 * Every chart type the app offers shows its name, description, category and tags in the user's
 * language: the shared package declares them in English and `sharedText('visualizations', …)`
 * looks them up, by those English words, in the visualizations language files (issue 30 item 4).
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, VIZ_CATEGORIES } from '@rama/shared';
import { webVizList } from './registry';
import en from '../locales/en/visualizations.json';
import fr from '../locales/fr/visualizations.json';
import de from '../locales/de/visualizations.json';
import { changeLanguage, sharedText } from '../i18n';

const files: Record<string, Record<string, string>> = { en, fr, de };

describe('chart type texts', () => {
  it('every registered chart type has its name, description, category and tags in every language file', () => {
    const missing: string[] = [];
    for (const language of LANGUAGES) {
      const messages = files[language];
      for (const { definition } of webVizList()) {
        const { key, name, description, category, tags } = definition.meta;
        for (const text of [name, description, category, ...tags]) {
          if (typeof messages?.[text] !== 'string' || !messages[text].trim()) missing.push(`${language}: ${key}: "${text}"`);
        }
      }
      for (const category of VIZ_CATEGORIES) if (!messages?.[category]) missing.push(`${language}: category "${category}"`);
    }
    expect(missing).toEqual([]);
    expect(webVizList().length).toBeGreaterThanOrEqual(41);
  });

  it('English entries repeat the English words; sharedText finds the French one', async () => {
    for (const { definition } of webVizList()) expect(en[definition.meta.name as keyof typeof en]).toBe(definition.meta.name);
    await changeLanguage('fr');
    try {
      expect(sharedText('visualizations', 'Pie Chart')).toBe('Graphique en secteurs');
      // a description ends with a full stop: looked up as one flat key
      expect(sharedText('visualizations', 'Shows how one or more metrics change over time, one line per series.')).toBe(
        'Montre l’évolution d’une ou plusieurs métriques dans le temps, une courbe par série.',
      );
      expect(sharedText('visualizations', 'Not a chart type')).toBe('Not a chart type');
    } finally {
      await changeLanguage('en');
    }
  });
});
