/**
 * SQL Lab editor shortcuts: one table drives both the CodeMirror keymap and the help popover.
 *
 * Choices: Run, Save and Format use the platform's command key (Ctrl, ⌘ on macOS) because people
 * expect them there; Ctrl+Shift+Enter (⌘+Shift+Enter) runs the statement under the cursor, as the
 * peer does. Tab commands use Ctrl+Alt (Ctrl+Option on macOS): browsers reserve Ctrl+T,
 * Ctrl+W, Ctrl+Tab and Ctrl+PageUp/PageDown and never hand them to a page, and Ctrl+Alt+T opens a
 * terminal on Linux desktops, so new tab is Ctrl+Alt+N. Stop is Ctrl+Shift+X (⌘+Shift+X), which no
 * major browser binds. These only act while the editor has focus.
 */

import { t } from '../../i18n';

export type EditorAction = 'run' | 'runStatement' | 'stop' | 'format' | 'save' | 'newTab' | 'nextTab' | 'prevTab';

export interface EditorBinding {
  action: EditorAction;
  /** CodeMirror key names; the first is the one shown in help */
  keys: string[];
  description: string;
}

/** A binding whose description is read in the current language each time it is shown. */
function binding(action: EditorAction, keys: string[], key: string): EditorBinding {
  return {
    action,
    keys,
    get description() {
      return t(key);
    },
  };
}

export const EDITOR_BINDINGS: EditorBinding[] = [
  binding('run', ['Mod-Enter'], 'sqllab:shortcut.run'),
  binding('runStatement', ['Mod-Shift-Enter'], 'sqllab:shortcut.runStatement'),
  binding('stop', ['Mod-Shift-x'], 'sqllab:shortcut.stop'),
  binding('format', ['Ctrl-Shift-f', 'Mod-Shift-f'], 'sqllab:shortcut.format'),
  binding('save', ['Mod-s'], 'sqllab:shortcut.save'),
  binding('newTab', ['Ctrl-Alt-n'], 'sqllab:shortcut.newTab'),
  binding('nextTab', ['Ctrl-Alt-]', 'Ctrl-Alt-PageDown'], 'sqllab:shortcut.nextTab'),
  binding('prevTab', ['Ctrl-Alt-[', 'Ctrl-Alt-PageUp'], 'sqllab:shortcut.prevTab'),
];

/** Editing keys CodeMirror provides, listed for discoverability (descriptions are message keys). */
const BUILT_IN: { keys: string; key: string }[] = [
  { keys: 'Ctrl-Space', key: 'sqllab:shortcut.completions' },
  { keys: 'Mod-/', key: 'sqllab:shortcut.comment' },
  { keys: 'Mod-f', key: 'sqllab:shortcut.find' },
  { keys: 'Mod-z', key: 'sqllab:shortcut.undo' },
  { keys: 'Mod-Shift-z', key: 'sqllab:shortcut.redo' },
];

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const MODIFIER_NAMES: Record<string, [pc: string, mac: string]> = {
  Mod: ['Ctrl', '⌘'],
  Alt: ['Alt', 'Option'],
  Ctrl: ['Ctrl', 'Ctrl'],
  Shift: ['Shift', 'Shift'],
};

/** `Mod-Shift-f` → `Ctrl+Shift+F` (or `⌘+Shift+F` on macOS). */
export function displayKeys(cmKeys: string, mac = IS_MAC): string {
  const parts = cmKeys.split('-');
  const key = parts.pop() ?? '';
  const modifiers = parts.map((m) => MODIFIER_NAMES[m]?.[mac ? 1 : 0] ?? m);
  return [...modifiers, key.length === 1 ? key.toUpperCase() : key].join('+');
}

/** The key combination shown for an action (`Ctrl+Enter`), '' when it has none. */
export function actionKeys(action: EditorAction): string {
  const found = EDITOR_BINDINGS.find((b) => b.action === action);
  return found ? displayKeys(found.keys[0]) : '';
}

/** The help table: descriptions are read in the current language each time they are shown. */
export const EDITOR_SHORTCUTS: { keys: string; readonly description: string }[] = [
  ...EDITOR_BINDINGS.map((b) => ({
    keys: displayKeys(b.keys[0]),
    get description() {
      return b.description;
    },
  })),
  ...BUILT_IN.map((b) => ({
    keys: displayKeys(b.keys),
    get description() {
      return t(b.key);
    },
  })),
];
