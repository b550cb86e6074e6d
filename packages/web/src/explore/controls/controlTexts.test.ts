/**
 * Every text a chart type's control panel shows (section titles, control labels and descriptions,
 * choice labels, validator messages) is in en, fr and de `controls.json`, keyed by its English: a
 * new control without translation fails here, listing what is missing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import en from '../../locales/en/controls.json';
import fr from '../../locales/fr/controls.json';
import de from '../../locales/de/controls.json';
import { controlPanelTexts, controlText, validationErrorText, validatorMessage } from './controlTexts';

const FILES: Record<string, Record<string, string>> = { en, fr, de };

describe('chart control texts', () => {
  const texts = controlPanelTexts();

  it('finds the control panels’ texts', () => {
    expect(texts.length).toBeGreaterThan(300);
    expect(texts).toContain('Metrics');
    expect(texts).toContain('cannot be empty');
  });

  it('every text is in en, fr and de controls.json, English unchanged', () => {
    const problems: string[] = [];
    for (const [language, messages] of Object.entries(FILES))
      for (const text of texts) if (!(text in messages)) problems.push(`${language}/controls.json lacks ${JSON.stringify(text)}`);
    for (const text of texts)
      if (text in en && !/[{}]/.test(text) && en[text as keyof typeof en] !== text)
        problems.push(`en/controls.json changes ${JSON.stringify(text)}`);
    expect(problems).toEqual([]);
  });
});

describe('chart control texts in another language', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('shows a control text, a validator message and a validation error in French, and English unchanged', async () => {
    expect(controlText('Row limit')).toBe('Row limit');
    expect(validatorMessage('Value cannot exceed 50000')).toBe('Value cannot exceed 50000');
    expect(controlText("Templated link, it's possible to include {{ metric }} or other values coming from the controls.")).toBe(
      "Templated link, it's possible to include {{ metric }} or other values coming from the controls.",
    );
    await changeLanguage('fr');
    expect(controlText('Row limit')).toBe('Limite de lignes');
    // a text with dots and a colon is one key, not a path
    expect(controlText('D3 format syntax: https://github.com/d3/d3-format')).toBe(
      'Syntaxe des formats D3\u00a0: https://github.com/d3/d3-format',
    );
    expect(controlText("Templated link, it's possible to include {{ metric }} or other values coming from the controls.")).toContain(
      '{{ metric }}',
    );
    expect(validatorMessage('Value cannot exceed 50000')).toBe('La valeur ne peut pas dépasser 50000');
    expect(validationErrorText('Metrics', 'cannot be empty')).toBe('Métriques\u00a0: ne peut pas être vide');
    // a text no language file knows stays as it is
    expect(controlText('Not a control text')).toBe('Not a control text');
  });
});
