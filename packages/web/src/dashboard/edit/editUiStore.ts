/**
 * Edit-mode UI state that changes with every pointer move: where the drop indicator is and which
 * component the pointer is over (its menu shows). Kept outside React state so that only the two
 * components concerned re-render when it changes, not the whole dashboard.
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { DropPosition } from '@rama/shared';

export interface DropIndicator {
  /** the component the indicator is drawn on */
  id: string;
  position: DropPosition;
  /** the nesting rules refuse the drop here */
  forbidden: boolean;
  /** why it is refused, shown beside the pointer */
  reason?: string | null;
  /** what an allowed drop does when it needs saying (top-level tabs) */
  note?: string | null;
  /** the line is drawn just inside the component (a drop into an empty tab or column) */
  inside?: boolean;
}

interface Snapshot {
  indicator: DropIndicator | null;
  hoveredId: string | null;
}

export class EditUiStore {
  private snapshot: Snapshot = { indicator: null, hoveredId: null };
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): Snapshot => this.snapshot;

  private set(next: Partial<Snapshot>) {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Only a real change notifies (pointer moves inside one zone do not). */
  setIndicator(indicator: DropIndicator | null): void {
    const current = this.snapshot.indicator;
    if (current === indicator) return;
    if (
      current &&
      indicator &&
      current.id === indicator.id &&
      current.position === indicator.position &&
      current.forbidden === indicator.forbidden &&
      (current.reason ?? null) === (indicator.reason ?? null) &&
      (current.note ?? null) === (indicator.note ?? null) &&
      Boolean(current.inside) === Boolean(indicator.inside)
    )
      return;
    this.set({ indicator });
  }

  setHovered(id: string | null): void {
    if (this.snapshot.hoveredId !== id) this.set({ hoveredId: id });
  }
}

export const EditUiContext = createContext<EditUiStore | null>(null);

const noSubscribe = () => () => {};

/** The drop indicator when it is on `id`, else null. */
export function useDropIndicator(id: string): DropIndicator | null {
  const store = useContext(EditUiContext);
  const get = useCallback(() => {
    const indicator = store?.get().indicator ?? null;
    return indicator?.id === id ? indicator : null;
  }, [store, id]);
  return useSyncExternalStore(store?.subscribe ?? noSubscribe, get, get);
}

/** Does the spot under the pointer refuse the dragged component (on whichever component)? */
export function useIsDropForbidden(): boolean {
  const store = useContext(EditUiContext);
  const get = useCallback(() => store?.get().indicator?.forbidden ?? false, [store]);
  return useSyncExternalStore(store?.subscribe ?? noSubscribe, get, get);
}

/** What to say beside the pointer: why the drop is refused, or what an unusual drop does. */
export function useDropMessage(): { reason: string | null; note: string | null } {
  const store = useContext(EditUiContext);
  const getReason = useCallback(() => store?.get().indicator?.reason ?? null, [store]);
  const getNote = useCallback(() => store?.get().indicator?.note ?? null, [store]);
  const reason = useSyncExternalStore(store?.subscribe ?? noSubscribe, getReason, getReason);
  const note = useSyncExternalStore(store?.subscribe ?? noSubscribe, getNote, getNote);
  return { reason, note };
}

/** Is the pointer over `id` (and not over a component inside it)? */
export function useIsHovered(id: string): boolean {
  const store = useContext(EditUiContext);
  const get = useCallback(() => store?.get().hoveredId === id, [store, id]);
  return useSyncExternalStore(store?.subscribe ?? noSubscribe, get, get);
}

export function useEditUiStore(): EditUiStore | null {
  return useContext(EditUiContext);
}
