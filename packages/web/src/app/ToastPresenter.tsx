import { t } from '../i18n';
import { useEffect } from 'react';
import { Alert } from 'antd';
import type { ToastMessage, ToastType } from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../core/hooks';
import { toastRemoved } from '../core/toastsSlice';

const ALERT_TYPE: Record<ToastType, 'info' | 'success' | 'warning' | 'error'> = {
  info: 'info',
  success: 'success',
  warning: 'warning',
  danger: 'error',
};

function Toast({ toast }: { toast: ToastMessage }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = window.setTimeout(() => dispatch(toastRemoved(toast.id)), toast.duration);
    return () => window.clearTimeout(timer);
  }, [dispatch, toast.id, toast.duration]);

  const handleClose = () => dispatch(toastRemoved(toast.id));
  return (
    <Alert
      className="rama-toast"
      data-testid="toast"
      data-toast-type={toast.toastType}
      type={ALERT_TYPE[toast.toastType]}
      title={toast.text}
      showIcon
      closable={{ onClose: handleClose, 'aria-label': t('app:toast.dismiss') }}
    />
  );
}

/** Renders the toasts slice: newest on top, bottom-right, each removed after its duration. */
export function ToastPresenter() {
  const toasts = useAppSelector((state) => state.toasts);
  return (
    <div className="rama-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
