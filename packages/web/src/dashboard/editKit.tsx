/**
 * Edit mode's parts (helper D's edit/ and dialogs/), in one place. They load on first use: the
 * drag-and-drop kit when edit mode starts, each dialog when it opens, so viewing a dashboard does
 * not download the editor.
 */
import { createContext, lazy, useContext, useEffect, useState } from 'react';
import type { EditKit } from './editKitModule';

export type { EditKit } from './editKitModule';

/** The loaded kit while editing; null in view mode (and while it loads). */
export const EditKitContext = createContext<EditKit | null>(null);

export function useEditKit(): EditKit | null {
  return useContext(EditKitContext);
}

let kitLoad: Promise<EditKit> | null = null;

/** Load the kit once edit mode is on (kept for the rest of the visit). */
export function useEditKitLoader(editMode: boolean): { kit: EditKit | null; error: unknown } {
  const [kit, setKit] = useState<EditKit | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!editMode || kit) return;
    let cancelled = false;
    kitLoad ??= import('./editKitModule').then((m) => m.editKit);
    kitLoad.then(
      (loaded) => {
        if (!cancelled) setKit(loaded);
      },
      (e: unknown) => {
        kitLoad = null;
        if (!cancelled) setError(e);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [editMode, kit]);
  return { kit: editMode ? kit : null, error };
}

export const PropertiesModal = lazy(() => import('./dialogs/PropertiesModal').then((m) => ({ default: m.PropertiesModal })));
export const CssEditorModal = lazy(() => import('./dialogs/CssEditorModal').then((m) => ({ default: m.CssEditorModal })));
export const RefreshIntervalModal = lazy(() => import('./dialogs/RefreshIntervalModal').then((m) => ({ default: m.RefreshIntervalModal })));
export const SaveCopyModal = lazy(() => import('./dialogs/SaveCopyModal').then((m) => ({ default: m.SaveCopyModal })));
