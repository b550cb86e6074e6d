/**
 * Which look the web app draws (issue 30 item 3). The user's choice lives on the server
 * (`/api/v1/me/preferences/`); this browser keeps the last one it saw so the first paint of the
 * next page load (public/theme-boot.js) already has it.
 */
import { isThemeChoice, resolveTheme, type ThemeChoice, type ThemeMode } from '@rama/shared';
import { t } from '../i18n';

/** The last choice this browser saw (written by the app, read by public/theme-boot.js). */
export const THEME_STORAGE_KEY = 'rama.theme';
/** Set by a report capture's browser context: the look the capture draws, whatever the user chose. */
export const CAPTURE_THEME_KEY = 'rama.theme.capture';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function safeGet(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The choice to draw with: the server's once it answered, else the one this browser kept, else "system". */
export function currentChoice(server: ThemeChoice | undefined, stored: string | null): ThemeChoice {
  if (server) return server;
  return isThemeChoice(stored) ? stored : 'system';
}

export function storedChoice(storage: Storage | null): string | null {
  return safeGet(storage, THEME_STORAGE_KEY);
}

export function rememberChoice(storage: Storage | null, choice: ThemeChoice): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    /* storage full or blocked: the server still has it */
  }
}

/** A report capture's look, or null outside a capture. */
export function captureTheme(storage: Storage | null): ThemeMode | null {
  const v = safeGet(storage, CAPTURE_THEME_KEY);
  return v === 'light' || v === 'dark' ? v : null;
}

/** The look: a capture's, then a page's (a dashboard with its own CSS), then the choice. */
export function drawnTheme(choice: ThemeChoice, systemDark: boolean, capture: ThemeMode | null, page: ThemeMode | null): ThemeMode {
  return resolveTheme(choice, systemDark, capture ?? page);
}

/** A theme choice as the user menu names it, in the current language. */
export function themeLabel(choice: ThemeChoice): string {
  return t(`app:theme.${choice}`);
}
