import { useEffect, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { ToastType, type ToastOptions } from '@rama/shared';
import type { AppDispatch, RootState } from './state';
import { toastAdded } from './toastsSlice';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export interface Toasts {
  addInfoToast: (text: string, options?: ToastOptions) => void;
  addSuccessToast: (text: string, options?: ToastOptions) => void;
  addWarningToast: (text: string, options?: ToastOptions) => void;
  addDangerToast: (text: string, options?: ToastOptions) => void;
}

export function useToasts(): Toasts {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      addInfoToast: (text, options) => dispatch(toastAdded(ToastType.INFO, text, options)),
      addSuccessToast: (text, options) => dispatch(toastAdded(ToastType.SUCCESS, text, options)),
      addWarningToast: (text, options) => dispatch(toastAdded(ToastType.WARNING, text, options)),
      addDangerToast: (text, options) => dispatch(toastAdded(ToastType.DANGER, text, options)),
    }),
    [dispatch],
  );
}

/** Keep the browser tab title in step with the page. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Rama` : 'Rama';
  }, [title]);
}
