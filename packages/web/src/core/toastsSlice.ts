import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { addToast, createToast, removeToast, type ToastMessage, type ToastOptions, type ToastType } from '@rama/shared';

/** Toast messages, newest first (rules in `@rama/shared` toasts.ts). */
export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: [] as ToastMessage[],
  reducers: {
    toastAdded: {
      reducer: (state, action: PayloadAction<ToastMessage>) => addToast(state, action.payload),
      prepare: (toastType: ToastType, text: string, options?: ToastOptions) => ({
        payload: createToast(nanoid(), toastType, text, options),
      }),
    },
    toastRemoved: (state, action: PayloadAction<string>) => removeToast(state, action.payload),
  },
});

export const { toastAdded, toastRemoved } = toastsSlice.actions;
