/**
 * The language the web app is drawn in (issue 30 item 4): the user's choice from their preferences,
 * else what the browser prefers. It switches i18next, antd's own texts (date pickers, pagination,
 * empty states), dayjs month names, ECharts' toolbox texts and the shared number and date
 * formatters together, so a table, a tooltip and an axis read in the same language as the page.
 */
import { createContext, Fragment, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import deDE from 'antd/locale/de_DE';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/de';
import { isLanguage, pickLanguage, setFormatLanguage, type Language } from '@rama/shared';
import { changeLanguage, i18n } from '../i18n';
import { isAnonymousUser, sessionApi } from './session';
import { useGetPreferencesQuery, useUpdatePreferencesMutation } from './preferences';
import { FullPageSpinner } from './FullPageSpinner';

const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, fr: frFR, de: deDE };
const STORAGE_KEY = 'rama.language';

/** The browser's storage, or null where reading it throws (an embedded page on another site). */
function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
const storage = browserStorage();

function storedLanguage(): Language | null {
  try {
    const value = storage?.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function rememberLanguage(language: Language | null): void {
  try {
    if (language) storage?.setItem(STORAGE_KEY, language);
    else storage?.removeItem(STORAGE_KEY);
  } catch {
    // storage denied: the choice still holds on the server and for this page
  }
}

/** What the browser prefers, best first. */
function browserLanguage(): Language {
  if (typeof navigator === 'undefined') return 'en';
  return pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

interface LanguageState {
  /** the language drawn now */
  language: Language;
  /** what the user chose; null: follow the browser */
  choice: Language | null;
  /** false for an anonymous visitor or before login: nothing to store the choice in */
  canChoose: boolean;
  setChoice(choice: Language | null): Promise<boolean>;
}

const LanguageContext = createContext<LanguageState>({ language: 'en', choice: null, canChoose: false, setChoice: async () => false });

export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const { data: bootstrap } = sessionApi.endpoints.getBootstrap.useQueryState();
  const user = bootstrap?.user;
  const signedIn = !!user && !isAnonymousUser(user);
  const { data: prefs } = useGetPreferencesQuery(undefined, { skip: !signedIn });
  const [update] = useUpdatePreferencesMutation();
  const [local, setLocal] = useState<Language | null>(() => storedLanguage());

  // the server's answer wins once it is there; until then the last choice this browser saw
  const choice = signedIn && prefs ? prefs.language : local;
  const wanted = choice ?? browserLanguage();
  const [drawn, setDrawn] = useState<Language | null>(() => (wanted === 'en' ? 'en' : null));

  useEffect(() => {
    if (signedIn && prefs) rememberLanguage(prefs.language);
  }, [signedIn, prefs]);

  useEffect(() => {
    let live = true;
    void changeLanguage(wanted)
      .catch(() => undefined)
      .then(() => {
        if (!live) return;
        const language = isLanguage(i18n.language) ? i18n.language : 'en';
        setFormatLanguage(language);
        dayjs.locale(language);
        setDrawn(language);
      });
    return () => {
      live = false;
    };
  }, [wanted]);

  const setChoice = useCallback(
    async (next: Language | null) => {
      setLocal(next);
      rememberLanguage(next);
      const result = await update({ language: next });
      return !('error' in result && result.error);
    },
    [update],
  );

  const language = drawn ?? 'en';
  const value = useMemo(() => ({ language, choice, canChoose: signedIn, setChoice }), [language, choice, signedIn, setChoice]);
  // a first visit in French or German waits for its texts rather than flashing English
  if (!drawn) return <FullPageSpinner />;
  return (
    <LanguageContext.Provider value={value}>
      <ConfigProvider locale={ANTD_LOCALES[language]}>
        {/* drawn again whole in the new language: a text computed outside a hook changes too */}
        <Fragment key={language}>{children}</Fragment>
      </ConfigProvider>
    </LanguageContext.Provider>
  );
}
