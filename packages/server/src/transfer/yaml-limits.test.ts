import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES, NOT_YAML, YAML_LIMITS, YamlFileError, parseYamlLimited, type YamlLimits } from './yaml-limits.js';

const small: YamlLimits = { fileChars: 100_000, entries: 500, keysPerMapping: 50, depth: 8 };

const refused = (text: string, limits: YamlLimits = YAML_LIMITS): string => {
  try {
    parseYamlLimited(text, limits);
  } catch (e) {
    if (e instanceof YamlFileError) return e.message;
    throw e;
  }
  throw new Error('accepted');
};

const mapping = (keys: number, indent = '  ') => Array.from({ length: keys }, (_, i) => `${indent}k${i}: ${i}`).join('\n');

describe('YAML import files read within limits', () => {
  it('reads an ordinary export as plain data, aliases capped', () => {
    const doc = { slice_name: 'x', params: { a: [1, 2, { b: 'c' }] }, query_context: '{"a": [1, 2]}' };
    expect(parseYamlLimited(stringify(doc))).toEqual(doc);
    const laughs = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 8 }, (_, i) => `${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(10).fill(`*${'abcdefgh'[i]}`).join(', ')}]`),
    ].join('\n');
    expect(refused(laughs)).toBe(NOT_YAML);
  });

  it('refuses 400,000 keys in one mapping in milliseconds, naming the limit (the quadratic key check is off)', () => {
    const text = `slice_name: x\nparams:\n${mapping(400_000)}\n`;
    // 5.9 MB: over the size limit; with room for it, over the entries limit
    expect(refused(text)).toBe(LIMIT_MESSAGES.fileChars(YAML_LIMITS));
    expect(LIMIT_MESSAGES.fileChars(YAML_LIMITS)).toBe('Too large to import: the file is larger than 4 MB (the limit per file)');
    const roomy = { ...YAML_LIMITS, fileChars: 8 * 1024 * 1024 };
    const start = performance.now();
    expect(refused(text, roomy)).toBe(LIMIT_MESSAGES.entries(roomy));
    // ~30 ms on an idle machine; the parser alone took 28 minutes
    expect(performance.now() - start).toBeLessThan(1_500);
    expect(LIMIT_MESSAGES.entries(YAML_LIMITS)).toMatch(/more than 200,000 keys and list items \(the limit per file\)/);
  });

  it('reads two mappings of 9,000 keys in linear time (40,000 took 12.9 s) and still refuses a duplicate key', () => {
    const text = `params:\n${mapping(9_000)}\nother:\n${mapping(9_000)}\n`;
    const start = performance.now();
    const doc = parseYamlLimited(text) as { params: Record<string, number> };
    expect(Object.keys(doc.params)).toHaveLength(9_000);
    // ~0.5 s on an idle machine
    expect(performance.now() - start).toBeLessThan(8_000);
    expect(refused(`params:\n${mapping(3)}\n  k1: again\n`)).toBe(LIMIT_MESSAGES.duplicate('k1'));
    expect(refused(`a: 1\nb: [\n`)).toBe(NOT_YAML);
    expect(refused(`a: 1\n---\nb: 2\n`)).toBe(NOT_YAML);
  });

  it('counts keys per mapping, entries, depth and size, each with its own message', () => {
    expect(refused(`m:\n${mapping(51)}\n`, small)).toBe(LIMIT_MESSAGES.keys(small));
    expect(refused(Array.from({ length: 12 }, (_, i) => `m${i}:\n${mapping(45)}`).join('\n'), small)).toBe(LIMIT_MESSAGES.entries(small));
    // block nesting the pre-scan cannot see is found in the tree
    const deep = Array.from({ length: 10 }, (_, i) => `${'  '.repeat(i)}k:`).join('\n') + ' 1\n';
    expect(refused(deep, small)).toBe(LIMIT_MESSAGES.depth(small));
    expect(refused(`a: ${'['.repeat(9)}${']'.repeat(9)}\n`, small)).toBe(LIMIT_MESSAGES.depth(small));
    // far over: refused before parsing (the parser would recurse)
    expect(refused(`a: ${'['.repeat(100_000)}\n`)).toBe(LIMIT_MESSAGES.depth(YAML_LIMITS));
    expect(refused(`a: "${'x'.repeat(100_001)}"\n`, small)).toBe(LIMIT_MESSAGES.fileChars(small));
    expect(LIMIT_MESSAGES.keys(YAML_LIMITS)).toBe('Too large to import: more than 10,000 keys in one mapping (the limit per mapping)');
  });

  it('checks JSON texts inside the YAML (params, position, json_metadata) with the same limits', () => {
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i])));
    expect(refused(stringify({ params: wide }), small)).toBe(LIMIT_MESSAGES.keys(small));
    const deep = `${'{"a":'.repeat(7)}1${'}'.repeat(7)}`;
    // seven levels inside a value at depth 1 (the pre-scan alone would allow them)
    expect(refused(stringify({ params: deep }), { ...small, depth: 7 })).toBe(LIMIT_MESSAGES.depth({ ...small, depth: 7 }));
    expect(parseYamlLimited(stringify({ params: deep }), small)).toEqual({ params: deep });
    // brackets and commas inside JSON strings are text
    const quoted = JSON.stringify({ text: `${'[{,'.repeat(10)}` });
    expect(parseYamlLimited(stringify({ params: quoted }), { ...small, depth: 8, keysPerMapping: 5 })).toEqual({ params: quoted });
    // a JSON text with many entries counts toward the file's entries
    const many = JSON.stringify(Array.from({ length: 600 }, (_, i) => i));
    expect(refused(`params: '${many}'\n`, { ...small, fileChars: 100_000 })).toBe(LIMIT_MESSAGES.entries(small));
  });
});
