/**
 * The language files (issue 30 item 4: "a test fails when a language file lacks a key"): every
 * namespace has a file in every language with the same keys as English; every message is valid ICU
 * with the same arguments in every language; every key the source asks for with a literal exists;
 * and no component hands the user a hard-coded text in the places a linter cannot see (menu items,
 * options and toasts built as objects).
 */
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { LANGUAGES } from '@rama/shared';
import { NAMESPACES } from './namespaces';
import pending from './pending.json';

type Messages = Record<string, string>;
/** Every language file by its path under src/ ('locales/fr/sqllab.json'). */
const localeFiles: Record<string, Messages> = Object.fromEntries(
  Object.entries(import.meta.glob<Messages>('../locales/*/*.json', { eager: true, import: 'default' })).map(([path, m]) => [
    path.slice(3),
    m,
  ]),
);
const read = (language: string, ns: string): Messages => localeFiles[`locales/${language}/${ns}.json`] ?? {};

/** The argument names of an ICU message, sorted ('{count, plural, …}', '{name}' → ['count', 'name']). */
function argumentsOf(message: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: unknown[]): void => {
    for (const node of nodes as { type: number; value?: string; options?: Record<string, { value: unknown[] }>; children?: unknown[] }[]) {
      // 0 literal, 7 pound ('#'), 8 tag: no argument of their own
      if (node.type !== 0 && node.type !== 7 && node.type !== 8 && node.value) names.add(node.value);
      if (node.options) for (const option of Object.values(node.options)) walk(option.value);
      if (node.children) walk(node.children);
    }
  };
  walk(new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst() as unknown[]);
  return [...names].sort();
}

/** The web app's source files (tests and declarations left out) by their path under src/, as text. */
const sources: [string, string][] = Object.entries(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.d.ts'], {
    eager: true,
    query: '?raw',
    import: 'default',
  }),
).map(([path, text]) => [path.slice(3), text]);

describe('language files', () => {
  it('every language has exactly one file per namespace', () => {
    for (const language of LANGUAGES) {
      const files = Object.keys(localeFiles)
        .filter((path) => path.startsWith(`locales/${language}/`))
        .map((path) => path.replace(/^.*\/([^/]+)\.json$/, '$1'))
        .sort();
      expect(files, language).toEqual([...NAMESPACES].sort());
    }
  });

  it('French and German have every English key, and no key English lacks', () => {
    const problems: string[] = [];
    for (const ns of NAMESPACES) {
      const english = Object.keys(read('en', ns));
      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        const other = read(language, ns);
        for (const key of english) if (!(key in other)) problems.push(`${language}/${ns}.json lacks "${key}"`);
        for (const key of Object.keys(other))
          if (!english.includes(key)) problems.push(`${language}/${ns}.json has "${key}", which en/${ns}.json lacks`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every message is non-empty, valid ICU, and takes the same arguments in every language', () => {
    const problems: string[] = [];
    for (const ns of NAMESPACES) {
      const english = read('en', ns);
      for (const language of LANGUAGES) {
        const messages = read(language, ns);
        for (const [key, message] of Object.entries(messages)) {
          const where = `${language}/${ns}.json "${key}"`;
          if (typeof message !== 'string' || !message.trim()) {
            problems.push(`${where} is empty or not text`);
            continue;
          }
          try {
            const args = argumentsOf(message, language);
            if (typeof english[key] === 'string' && language !== 'en') {
              const expected = argumentsOf(english[key], 'en');
              if (args.join() !== expected.join()) problems.push(`${where} takes {${args.join(', ')}}, English {${expected.join(', ')}}`);
            }
          } catch (error) {
            problems.push(`${where} is not valid ICU: ${(error as Error).message}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every key the source asks for with a literal is in the English file', () => {
    const english = Object.fromEntries(NAMESPACES.map((ns) => [ns, read('en', ns)]));
    const problems: string[] = [];
    for (const [file, source] of sources) {
      // comments are skipped: a doc comment shows how to call t() with keys that need not exist
      const text = source
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
        .join('\n');
      // the file's default namespace: its first useTranslation('ns'), else common
      const defaultNs = /useTranslation\(\s*\[?\s*['"]([\w-]+)['"]/.exec(text)?.[1] ?? 'common';
      for (const match of text.matchAll(/\bt\(\s*(['"])([^'"\n]+)\1/g)) {
        const literal = match[2];
        const [ns, key] = literal.includes(':') ? literal.split(':', 2) : [defaultNs, literal];
        if (!(ns in english)) problems.push(`${file}: t('${literal}') names no namespace file`);
        else if (!(key in english[ns])) problems.push(`${file}: t('${literal}') is not in en/${ns}.json`);
      }
    }
    expect(problems).toEqual([]);
  });
});

/**
 * Texts a user reads that a lint rule on JSX cannot see: object fields that become labels, titles
 * and messages (menus, options, columns) and toasts. A line that must keep a literal (a technical
 * value that looks like a word) says so with `i18n-ignore` in a comment.
 */
const VISIBLE_FIELD =
  /\b(label|title|placeholder|tooltip|description|okText|cancelText|emptyText|help|extra|content|text)\s*:\s*(['"`])(?=[^'"`]*[A-Za-z]{2})/;
const TOAST = /\b(add(Success|Danger|Warning|Info)Toast|message\.(success|error|warning|info|loading))\(\s*(['"`])(?=[^'"`]*[A-Za-z]{2})/;

describe('no hard-coded user-visible text', () => {
  it('object fields shown to the user and toasts come from the language files', () => {
    const problems: string[] = [];
    for (const [rel, text] of sources) {
      if (pending.pending.some((folder) => rel.startsWith(`${folder}/`))) continue;
      text.split('\n').forEach((line, index) => {
        if (line.includes('i18n-ignore') || /^\s*(\/\/|\*|\/\*)/.test(line)) return;
        if (VISIBLE_FIELD.test(line) || TOAST.test(line)) problems.push(`${rel}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(problems).toEqual([]);
  });
});
