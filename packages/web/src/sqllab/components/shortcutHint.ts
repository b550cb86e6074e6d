import { actionKeys, type EditorAction } from '../external';

/** The key combination the editor binds for an action, as ` (Ctrl+Enter)`, '' when it has none. */
export function shortcutHint(action: EditorAction): string {
  const keys = actionKeys(action);
  return keys ? ` (${keys})` : '';
}
