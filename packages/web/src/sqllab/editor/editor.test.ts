import { describe, expect, it } from 'vitest';
import { MariaSQL, MySQL, PostgreSQL, SQLite, StandardSQL } from '@codemirror/lang-sql';
import { STANDARD_EDITOR_DIALECT } from '@rama/shared';
import { minimalChange, offsetOf } from './editorText';
import { codeMirrorDialect } from '../../components/editorTheme';
import { displayKeys, EDITOR_BINDINGS, EDITOR_SHORTCUTS } from './shortcuts';

describe('editor shortcuts', () => {
  it('every page action has a key, and no key is bound twice', () => {
    expect(EDITOR_BINDINGS.map((b) => b.action).sort()).toEqual([
      'format',
      'newTab',
      'nextTab',
      'prevTab',
      'run',
      'runStatement',
      'save',
      'stop',
    ]);
    const keys = EDITOR_BINDINGS.flatMap((b) => b.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('avoids combinations browsers keep for themselves (Ctrl+T, Ctrl+W, Ctrl+N, Ctrl+Tab, Ctrl+PageUp/Down)', () => {
    const reserved = ['Mod-t', 'Mod-w', 'Mod-n', 'Ctrl-Tab', 'Ctrl-PageUp', 'Ctrl-PageDown', 'Mod-Shift-t', 'Mod-Shift-n', 'Ctrl-Alt-t'];
    for (const k of EDITOR_BINDINGS.flatMap((b) => b.keys)) expect(reserved).not.toContain(k);
  });

  it('shows keys the way each platform writes them', () => {
    expect(displayKeys('Mod-Enter', false)).toBe('Ctrl+Enter');
    expect(displayKeys('Mod-Enter', true)).toBe('⌘+Enter');
    expect(displayKeys('Mod-Shift-Enter', false)).toBe('Ctrl+Shift+Enter');
    expect(displayKeys('Ctrl-Alt-n', true)).toBe('Ctrl+Option+N');
    expect(displayKeys('Mod-Shift-x', false)).toBe('Ctrl+Shift+X');
    expect(displayKeys('Ctrl-Alt-]', false)).toBe('Ctrl+Alt+]');
    expect(EDITOR_SHORTCUTS[0]).toEqual({ keys: 'Ctrl+Enter', description: 'Run the selected text, or the whole query' });
  });
});

describe('controlled value: an outside change is applied as one minimal edit (the cursor stays put)', () => {
  const apply = (a: string, c: { from: number; to: number; insert: string }) => a.slice(0, c.from) + c.insert + a.slice(c.to);

  it('keeps the common prefix and suffix', () => {
    expect(minimalChange('SELECT a FROM t', 'SELECT a, b FROM t')).toEqual({ from: 8, to: 8, insert: ', b' });
    expect(minimalChange('select 1', 'SELECT 1')).toEqual({ from: 0, to: 6, insert: 'SELECT' });
  });

  it('always produces the new text', () => {
    for (const [a, b] of [
      ['', 'x'],
      ['x', ''],
      ['aaa', 'aa'],
      ['abcabc', 'abc'],
      ['same', 'same'],
      ['ab', 'ba'],
    ]) {
      expect(apply(a, minimalChange(a, b))).toBe(b);
    }
  });

  it('initialCursor is a 0-based row and column, clamped to the text', () => {
    const lines = ['SELECT 1', 'FROM t', ''];
    const starts = [0, 9, 16];
    const text = { lines: lines.length, line: (n: number) => ({ from: starts[n - 1], length: lines[n - 1].length }) };
    expect(offsetOf(text, { row: 1, column: 2 })).toBe(11);
    expect(offsetOf(text, { row: 1, column: 99 })).toBe(15);
    expect(offsetOf(text, { row: 99, column: 0 })).toBe(16);
    expect(offsetOf(text, { row: -1, column: -1 })).toBe(0);
  });
});

describe('the CodeMirror flavour comes from the database payload', () => {
  it('names CodeMirror flavours; anything else, or nothing, is standard SQL', () => {
    const flavour = (highlight: string) => codeMirrorDialect({ ...STANDARD_EDITOR_DIALECT, highlight });
    expect(flavour('PostgreSQL')).toBe(PostgreSQL);
    expect(flavour('MySQL')).toBe(MySQL);
    expect(flavour('MariaSQL')).toBe(MariaSQL);
    expect(flavour('SQLite')).toBe(SQLite);
    expect(flavour('StandardSQL')).toBe(StandardSQL);
    expect(flavour('toString')).toBe(StandardSQL);
    expect(codeMirrorDialect(STANDARD_EDITOR_DIALECT)).toBe(StandardSQL);
    expect(codeMirrorDialect(null)).toBe(StandardSQL);
  });
});
