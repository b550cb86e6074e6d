import { createContext, useContext, useEffect } from 'react';

/**
 * Lets a page hide the top navigation (a dashboard in standalone mode). The shell (app/AppShell.tsx)
 * provides it; the pages below it call `useHideNavigation`, so it sits here, under both.
 */
export const HideNavigationContext = createContext<(hidden: boolean) => void>(() => undefined);

/** While the calling page is shown with `hidden` true, the shell draws no navigation and no footer. */
export function useHideNavigation(hidden: boolean): void {
  const setHidden = useContext(HideNavigationContext);
  useEffect(() => {
    setHidden(hidden);
    return () => setHidden(false);
  }, [hidden, setHidden]);
}
