import { ToastType, type ToastOptions } from '@rama/shared';
import { toastAdded } from '../../core/toastsSlice';
import { sharedText } from '../../i18n';

/**
 * SQL Lab's toasts. Their texts are the shared package's messages (`SqlLabMessage`), in English:
 * they are shown in the current language, read when the toast fires.
 */
export const toast = {
  info: (text: string, o?: ToastOptions) => toastAdded(ToastType.INFO, sharedText('messages', text), o),
  success: (text: string, o?: ToastOptions) => toastAdded(ToastType.SUCCESS, sharedText('messages', text), o),
  warning: (text: string, o?: ToastOptions) => toastAdded(ToastType.WARNING, sharedText('messages', text), o),
  danger: (text: string, o?: ToastOptions) => toastAdded(ToastType.DANGER, sharedText('messages', text), o),
};
