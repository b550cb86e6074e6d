import { describe, expect, it } from 'vitest';
import { historyShortcut, keepsOwnUndo } from './shortcuts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('undo / redo keys (issue 12 part 4: undo / redo with buttons and keyboard)', () => {
  it('Ctrl+Z or Cmd+Z undoes', () => {
    expect(historyShortcut(key('z', { ctrlKey: true }))).toBe('undo');
    expect(historyShortcut(key('z', { metaKey: true }))).toBe('undo');
  });

  it('Ctrl/Cmd+Shift+Z and Ctrl+Y redo', () => {
    expect(historyShortcut(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(historyShortcut(key('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(historyShortcut(key('y', { ctrlKey: true }))).toBe('redo');
  });

  it('other keys and plain letters do nothing', () => {
    expect(historyShortcut(key('z'))).toBeNull();
    expect(historyShortcut(key('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(historyShortcut(key('y', { metaKey: true }))).toBeNull();
    expect(historyShortcut(key('s', { ctrlKey: true }))).toBeNull();
  });

  it('typing in a field, an editor or a dialog keeps its own undo', () => {
    const el = (tagName: string, inside: string | null = null, isContentEditable = false) => ({
      tagName,
      isContentEditable,
      closest: (selector: string) => (inside && selector.includes(inside) ? {} : null),
    });
    expect(keepsOwnUndo(el('INPUT'))).toBe(true);
    expect(keepsOwnUndo(el('textarea'))).toBe(true);
    expect(keepsOwnUndo(el('DIV', null, true))).toBe(true);
    expect(keepsOwnUndo(el('DIV', '.cm-editor'))).toBe(true);
    expect(keepsOwnUndo(el('BUTTON', '.ant-modal'))).toBe(true);
    expect(keepsOwnUndo(el('DIV'))).toBe(false);
    expect(keepsOwnUndo(null)).toBe(false);
  });
});
