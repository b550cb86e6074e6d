import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { api } from './api';
import type { toastsSlice } from './toastsSlice';

/**
 * The app store's state, as the typed hooks (`hooks.ts`) and the features' selectors and thunks
 * read it. This room holds only the slices it owns (the RTK Query cache and the toasts); each
 * feature that registers a slice in the store (`app/store.ts`) adds its key here itself, by
 * declaration merging beside its reducer (`declare module '…/core/state'`). So core/ names no
 * feature and every feature may import it; `app/store.ts` checks that this shape and the store's
 * own state are the same.
 */
export interface RootState {
  api: ReturnType<typeof api.reducer>;
  toasts: ReturnType<typeof toastsSlice.reducer>;
}

/** The store's dispatch: plain actions and thunks over `RootState`. */
export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction>;
