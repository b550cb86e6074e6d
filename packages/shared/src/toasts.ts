import { TOAST_DURATION_MS, type ToastType } from './constants.js';

/** A toast message (sql-editor.md section 3: id, text, noDuplicate; section 9: durations). */
export interface ToastMessage {
  id: string;
  toastType: ToastType;
  text: string;
  /** How long the toast stays, in milliseconds (TOAST_DURATION_MS for its type unless overridden). */
  duration: number;
  /** When set, the toast is not added if a toast with the same text is already shown. */
  noDuplicate: boolean;
}

export interface ToastOptions {
  noDuplicate?: boolean;
  duration?: number;
}

/** Build a toast of a type; the duration defaults to the type's duration (info/success 4 s, warning 6 s, danger 8 s). */
export function createToast(id: string, toastType: ToastType, text: string, options: ToastOptions = {}): ToastMessage {
  return {
    id,
    toastType,
    text,
    duration: options.duration ?? TOAST_DURATION_MS[toastType],
    noDuplicate: options.noDuplicate ?? false,
  };
}

/**
 * Add a toast: new toasts are prepended; a toast with noDuplicate is suppressed when a toast with
 * the same text is already shown (the list is returned unchanged).
 */
export function addToast(toasts: readonly ToastMessage[], toast: ToastMessage): ToastMessage[] {
  if (toast.noDuplicate && toasts.some((t) => t.text === toast.text)) return [...toasts];
  return [toast, ...toasts];
}

/** Remove a toast by id. */
export function removeToast(toasts: readonly ToastMessage[], id: string): ToastMessage[] {
  return toasts.filter((t) => t.id !== id);
}
