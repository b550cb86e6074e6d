import { EDITOR_SHORTCUTS } from '../external';

/** The key combination the editor binds for an action, by the first word of its description. */
export function shortcutHint(firstWord: 'Run' | 'Stop' | 'Format' | 'Save' | 'New' | 'Next' | 'Previous'): string {
  const found = EDITOR_SHORTCUTS.find((s) => s.description.startsWith(firstWord));
  return found ? ` (${found.keys})` : '';
}
