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

export type EditorAction = 'run' | 'runStatement' | 'stop' | 'format' | 'save' | 'newTab' | 'nextTab' | 'prevTab';

export interface EditorBinding {
  action: EditorAction;
  /** CodeMirror key names; the first is the one shown in help */
  keys: string[];
  description: string;
}

export const EDITOR_BINDINGS: EditorBinding[] = [
  { action: 'run', keys: ['Mod-Enter'], description: 'Run the selected text, or the whole query' },
  { action: 'runStatement', keys: ['Mod-Shift-Enter'], description: 'Run the statement under the cursor' },
  { action: 'stop', keys: ['Mod-Shift-x'], description: 'Stop the running query' },
  { action: 'format', keys: ['Ctrl-Shift-f', 'Mod-Shift-f'], description: 'Format the query' },
  { action: 'save', keys: ['Mod-s'], description: 'Save the query' },
  { action: 'newTab', keys: ['Ctrl-Alt-n'], description: 'New query tab' },
  { action: 'nextTab', keys: ['Ctrl-Alt-]', 'Ctrl-Alt-PageDown'], description: 'Next query tab' },
  { action: 'prevTab', keys: ['Ctrl-Alt-[', 'Ctrl-Alt-PageUp'], description: 'Previous query tab' },
];

/** Editing keys CodeMirror provides, listed for discoverability. */
const BUILT_IN: { keys: string; description: string }[] = [
  { keys: 'Ctrl-Space', description: 'Show completions' },
  { keys: 'Mod-/', description: 'Comment or uncomment lines' },
  { keys: 'Mod-f', description: 'Find and replace' },
  { keys: 'Mod-z', description: 'Undo' },
  { keys: 'Mod-Shift-z', description: 'Redo' },
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

export const EDITOR_SHORTCUTS: { keys: string; description: string }[] = [
  ...EDITOR_BINDINGS.map((b) => ({ keys: displayKeys(b.keys[0]), description: b.description })),
  ...BUILT_IN.map((b) => ({ keys: displayKeys(b.keys), description: b.description })),
];
