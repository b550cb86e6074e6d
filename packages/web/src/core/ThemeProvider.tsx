import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { ThemeChoice, ThemeMode } from '@rama/shared';
import { antTheme } from './theme';
import { isAnonymousUser, sessionApi } from './session';
import { useGetPreferencesQuery, useUpdatePreferencesMutation } from './preferences';
import { captureTheme, currentChoice, drawnTheme, rememberChoice, storedChoice } from './themeMode';

/**
 * The browser's storage, or null where reading it throws: a page embedded on another site may be
 * denied its storage, and `window.localStorage` itself then throws (this module must still load).
 */
function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const storage = browserStorage();
const DARK_QUERY = '(prefers-color-scheme: dark)';

interface ThemeState {
  /** the look drawn now */
  mode: ThemeMode;
  /** what the user chose (what the user menu shows checked) */
  choice: ThemeChoice;
  /** false for an anonymous visitor or before login: nothing to store the choice in */
  canChoose: boolean;
  setChoice(choice: ThemeChoice): Promise<boolean>;
  /** a page that is only designed for one look (a dashboard with its own CSS) asks for it */
  setPageTheme(mode: ThemeMode | null): void;
}

const ThemeContext = createContext<ThemeState>({
  mode: 'light',
  choice: 'system',
  canChoose: false,
  setChoice: async () => false,
  setPageTheme: () => undefined,
});

export function useTheme(): ThemeState {
  return useContext(ThemeContext);
}

/** The look drawn now: charts and editors pick their own theme from it. */
export function useThemeMode(): ThemeMode {
  return useContext(ThemeContext).mode;
}

/** While the calling page is shown, it is drawn in `mode` (null: the user's choice). */
export function usePageTheme(mode: ThemeMode | null): void {
  const { setPageTheme } = useContext(ThemeContext);
  useEffect(() => {
    setPageTheme(mode);
    return () => setPageTheme(null);
  }, [mode, setPageTheme]);
}

function useSystemDark(): boolean {
  const [dark, setDark] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(DARK_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia?.(DARK_QUERY);
    if (!query) return undefined;
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return dark;
}

/** antd's ConfigProvider with the look the user chose, and `data-theme` on <html> for the app's own CSS. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  // reads the session the app has fetched, never fetches it (an embedded page first sets its guest token)
  const { data: bootstrap } = sessionApi.endpoints.getBootstrap.useQueryState();
  const user = bootstrap?.user;
  const signedIn = !!user && !isAnonymousUser(user);
  const { data: prefs } = useGetPreferencesQuery(undefined, { skip: !signedIn });
  const [update] = useUpdatePreferencesMutation();
  const [local, setLocal] = useState(() => storedChoice(storage));
  const [pageTheme, setPageTheme] = useState<ThemeMode | null>(null);
  const systemDark = useSystemDark();
  const capture = useMemo(() => captureTheme(storage), []);

  const choice = currentChoice(signedIn ? prefs?.theme : undefined, local);
  const mode = drawnTheme(choice, systemDark, capture, pageTheme);

  // the server's answer is the one the next page load starts from
  useEffect(() => {
    if (signedIn && prefs?.theme) rememberChoice(storage, prefs.theme);
  }, [signedIn, prefs?.theme]);

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
  }, [mode]);

  const setChoice = useCallback(
    async (next: ThemeChoice) => {
      setLocal(next);
      rememberChoice(storage, next);
      const result = await update({ theme: next });
      return !('error' in result && result.error);
    },
    [update],
  );

  const config = useMemo(() => antTheme(mode), [mode]);
  const value = useMemo(() => ({ mode, choice, canChoose: signedIn, setChoice, setPageTheme }), [mode, choice, signedIn, setChoice]);
  return (
    <ThemeContext.Provider value={value}>
      <ConfigProvider theme={config}>{children}</ConfigProvider>
    </ThemeContext.Provider>
  );
}
