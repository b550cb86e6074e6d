/** Edit mode's keyboard shortcuts for the layout history (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl+Y). */

/** Which history step a key press asks for, if any. */
export function historyShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | null {
  if (e.altKey || !(e.ctrlKey || e.metaKey)) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && e.ctrlKey && !e.shiftKey) return 'redo';
  return null;
}

/** Minimal element shape, so the rule is testable without a DOM. */
interface ElementLike {
  tagName: string;
  isContentEditable?: boolean;
  closest: (selector: string) => unknown;
}

const OWN_UNDO = '.cm-editor, [contenteditable="true"], [role="textbox"], .ant-modal';

/**
 * A field, a code editor, anything editable — or anything in a dialog — keeps Ctrl+Z for itself:
 * the layout's history answers only key presses made on the dashboard.
 */
export function keepsOwnUndo(target: EventTarget | ElementLike | null): boolean {
  if (!target || typeof (target as ElementLike).closest !== 'function' || typeof (target as ElementLike).tagName !== 'string') return false;
  const el = target as ElementLike;
  if (el.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName.toUpperCase())) return true;
  return el.closest(OWN_UNDO) !== null;
}
