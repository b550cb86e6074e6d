import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, THEME_TOKENS } from '@rama/shared';
import { captureTheme, currentChoice, drawnTheme, rememberChoice, storedChoice, THEME_STORAGE_KEY } from './themeMode';
import { DARK_SYNTAX } from '../components/editorTheme';
import bootScript from '../../public/theme-boot.js?raw';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('theme choice', () => {
  it('the server choice wins; before it answers, the one this browser kept; else follow the system', () => {
    expect(currentChoice('dark', 'light')).toBe('dark');
    expect(currentChoice(undefined, 'light')).toBe('light');
    expect(currentChoice(undefined, 'sepia')).toBe('system');
    expect(currentChoice(undefined, null)).toBe('system');
  });

  it('remembers the choice for the next page load (public/theme-boot.js reads the same key)', () => {
    const s = memoryStorage();
    rememberChoice(s, 'dark');
    expect(storedChoice(s)).toBe('dark');
    expect(bootScript).toContain(`'${THEME_STORAGE_KEY}'`);
  });

  it('blocked storage does not break the page', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(storedChoice(broken)).toBeNull();
    expect(() => rememberChoice(broken, 'dark')).not.toThrow();
    expect(captureTheme(broken)).toBeNull();
  });

  it('a report capture draws light whatever the user chose; a dashboard with its own CSS too', () => {
    const capture = captureTheme(memoryStorage({ 'rama.theme.capture': 'light' }));
    expect(capture).toBe('light');
    expect(drawnTheme('dark', true, capture, null)).toBe('light');
    expect(drawnTheme('dark', false, null, 'light')).toBe('light');
    expect(drawnTheme('dark', false, null, null)).toBe('dark');
    expect(drawnTheme('system', true, null, null)).toBe('dark');
  });
});

describe('the CSS variables are the shared tokens', () => {
  // the stylesheet as written (a CSS import is processed away in tests); node's fs, typed here because
  // the web app's types are the browser's
  const fsModule = 'node:fs';
  const css = import(/* @vite-ignore */ fsModule).then((fs: { readFileSync(path: URL, encoding: 'utf8'): string }) =>
    fs.readFileSync(new URL('../styles.css', import.meta.url), 'utf8'),
  );
  const block = async (selector: string) => {
    const text = await css;
    const start = text.indexOf(`${selector} {`);
    return start < 0 ? '' : text.slice(start, text.indexOf('}', start));
  };
  for (const [mode, selector] of [
    ['light', ':root'],
    ['dark', ":root[data-theme='dark']"],
  ] as const) {
    it(`${mode}: every token has its --rama-* variable with the same value`, async () => {
      const text = await block(selector);
      for (const [name, value] of Object.entries(THEME_TOKENS[mode])) expect(text, name).toContain(`--rama-${name}: ${value};`);
    });
  }
});

describe('the dark SQL editor', () => {
  it('every syntax colour reads on the dark editor surface (WCAG AA)', () => {
    for (const [light, dark] of Object.entries(DARK_SYNTAX)) {
      expect(contrastRatio(dark, THEME_TOKENS.dark.surface), `${light} → ${dark}`).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });
});
